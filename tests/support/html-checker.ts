import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const VNU_JAR = path.resolve(import.meta.dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  /** 'error', 'non-document-error' (a file it could not read), or 'info' (advice, left out). */
  type: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * The W3C's Nu Html Checker (vnu-jar, run by the machine's Java) over the given documents, in one run: a JVM
 * starts in about two seconds, so the pages go together. Answers one line per error, "<name>: <message> in
 * `<extract>`", and nothing when every document is valid. Warnings (advice such as "consider adding a lang") are
 * not errors and are left out.
 */
export async function htmlErrors(documents: { name: string; html: string }[]): Promise<string[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-vnu-'));
  try {
    const nameOf = new Map<string, string>();
    const files = documents.map((document, index) => {
      const file = path.join(folder, `${index}.html`);
      fs.writeFileSync(file, document.html);
      nameOf.set(path.basename(file), document.name);
      return file;
    });
    const { stderr } = await promisify(execFile)(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    return messages
      .filter((message) => message.type !== 'info')
      .map((message) => {
        const name = nameOf.get(path.basename(new URL(message.url).pathname)) ?? message.url;
        return `${name}: ${message.message}${message.extract ? ` in \`${message.extract.trim()}\`` : ''}`;
      });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
