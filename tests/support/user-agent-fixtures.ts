import fs from 'node:fs';
import path from 'node:path';

function fixtureLines(name: string): string[] {
  return fs
    .readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** Crawlers, link previewers, monitors, scanners, HTTP libraries: none of them a visitor. */
export const BOT_USER_AGENTS = fixtureLines('bot-user-agents.txt');
/** Real browsers on phones, tablets and desktops, one line each, no two alike. */
export const BROWSER_USER_AGENTS = fixtureLines('browser-user-agents.txt');
