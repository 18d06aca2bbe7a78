import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Config, ConfigError, decodeSecretKey } from './config';
import { syncDirectory } from './storage/disk-storage';

/**
 * Secrets the database must hand back in the clear (the TOTP secret: the server computes codes from it) are
 * stored encrypted with a key kept outside the database (decision 016): SECRET_KEY, or DATA_DIR/secret.key,
 * made at the first start. A copy of the database alone (a dump, a stray file, another user reading it) then
 * does not give away the second factor.
 */

/** AES-256's key, written to the key file as SECRET_KEY takes it (config.ts). */
const KEY_BYTES = 32;
/** Names the format of a stored value, so a later one can be told apart; plain base32 TOTP secrets have no colon. */
const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Creates the key file without ever replacing one: written under a temporary name, flushed, then hard-linked
 * to its name, which fails if another process made it meanwhile (that one is used then). Flushed with its
 * folder, so a power cut cannot lose the key of secrets already stored with it.
 */
async function createKeyFile(file: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(`${randomBytes(KEY_BYTES).toString('base64')}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.link(temp, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    await syncDirectory(path.dirname(file));
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** SECRET_KEY when set; otherwise the key file, made at the first start. */
export async function loadSecretKey(config: Pick<Config, 'secretKey' | 'secretKeyFile'>): Promise<Buffer> {
  if (config.secretKey) return config.secretKey;
  const text = await fs.readFile(config.secretKeyFile, 'utf8').catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    await createKeyFile(config.secretKeyFile);
    return fs.readFile(config.secretKeyFile, 'utf8');
  });
  const key = decodeSecretKey(text);
  if (!key) {
    // Never replaced silently: the secrets stored with the lost key would stop working without a word.
    throw new ConfigError(
      `${config.secretKeyFile} does not hold a key (32 bytes in base64). Put back the file from a backup, or ` +
        'remove it to have a new one made; two-factor sign-in set up with the old key then needs a recovery code ' +
        'or npm run reset-password -- --disable-2fa.',
    );
  }
  return key;
}

/** AES-256-GCM with a random IV: `v1:` and base64url of IV, tag and ciphertext. */
export function sealSecret(key: Buffer, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
}

/** Whether a stored value was sealed, rather than written in the clear by a version from before. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/** The text a sealed value holds; throws when it was sealed with another key or altered. */
export function openSecret(key: Buffer, sealed: string): string {
  if (!isSealed(sealed)) throw new Error('not a sealed value');
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
