import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder and every entry under it that group or others may use, each with its mode: DATA_DIR, backups and
 * restores are their owner's alone (folders 0700, files 0600). Empty when all is private.
 */
export function openToOthers(folder: string): string[] {
  const entries = [
    folder,
    ...fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => path.join(folder, name)),
  ];
  return entries
    .map((entry) => ({ entry, mode: fs.lstatSync(entry).mode & 0o777 }))
    .filter(({ mode }) => (mode & 0o077) !== 0)
    .map(({ entry, mode }) => `${path.relative(folder, entry) || '.'} ${mode.toString(8)}`);
}

/** The mode bits of a file, as `ls -l` shows them in octal (0o600). */
export function modeOf(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

/**
 * The umask most systems start processes with, which made the database 0644 before decision 016: the servers and
 * scripts a test spawns inherit it, so the test shows they make their files private themselves.
 */
export function setUsualUmask(): void {
  process.umask(0o022);
}
