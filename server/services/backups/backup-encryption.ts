// An encrypted backup (BACKUP_PASSPHRASE, decision 031): the archive's bytes in chunks sealed with AES-256-GCM under
// a key scrypt derives from the passphrase. The format, all integers big-endian:
//
//   header (55 bytes)
//     0   8  magic "DDBACKUP"
//     8   1  format version, 1
//     9   1  scrypt's cost as log2(N), 17
//     10  1  scrypt's r, 8
//     11  1  scrypt's p, 1
//     12  4  plaintext bytes per chunk, 65536
//     16  16 scrypt's salt, random for each backup
//     32  7  nonce prefix, random for each backup
//     39  16 passphrase check: HMAC-SHA-256(check key, bytes 0–38), its first 16 bytes
//   chunks, one after another
//     the chunk's plaintext encrypted (chunk size bytes, the last fewer), then its 16-byte GCM tag
//
// scrypt(passphrase, salt, 64 bytes) gives the AES key (the first 32) and the check key (the last 32). Chunk i
// (from 0) is sealed with the nonce prefix ‖ i as 4 bytes ‖ 1 for the last chunk, 0 for the others, and the whole
// header as additional data. So a wrong passphrase is told by the check before any chunk is read; a changed byte
// anywhere fails its chunk's tag (the header's, every tag); chunks swapped or dropped fail their nonce; and an
// archive cut short, even at a chunk's end, lacks the chunk marked last.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { type Readable, Transform, type TransformCallback } from 'node:stream';

const MAGIC = Buffer.from('DDBACKUP', 'ascii');
const VERSION = 1;
export const ENCRYPTED_HEADER_BYTES = 55;
const SALT_BYTES = 16;
const PREFIX_BYTES = 7;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;

/** scrypt's cost: N = 2^17 and r = 8 take 128 MiB and about half a second, as the password hashes do. */
interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}
const SCRYPT_COST: ScryptCost = { log2N: 17, r: 8, p: 1 };
const CHUNK_BYTES = 64 * 1024;
/** The most a header read from a file may ask for, so a forged one cannot make a restore take minutes or gigabytes. */
const MAX_COST: ScryptCost = { log2N: 20, r: 16, p: 4 };
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;

/** The passphrase does not open the backup: its check does not match. Nothing was read past the header. */
export class WrongPassphraseError extends Error {
  constructor() {
    super('the passphrase does not open it');
    this.name = 'WrongPassphraseError';
  }
}

/** The backup's bytes are not those written: cut short, or changed since. */
export class DamagedBackupError extends Error {
  constructor(what: string) {
    super(`it is cut short or was changed after it was written (${what})`);
    this.name = 'DamagedBackupError';
  }
}

interface Keys {
  aes: Buffer;
  check: Buffer;
}

function deriveKeys(passphrase: string, salt: Buffer, cost: ScryptCost): Promise<Keys> {
  const N = 2 ** cost.log2N;
  return new Promise((resolve, reject) =>
    // Asynchronous, in the thread pool: a scheduled backup runs in a worker that serves pages meanwhile.
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      64,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
      (error, key) => (error ? reject(error) : resolve({ aes: key.subarray(0, 32), check: key.subarray(32) })),
    ),
  );
}

const checkOf = (keys: Keys, header: Buffer) =>
  createHmac('sha256', keys.check)
    .update(header.subarray(0, ENCRYPTED_HEADER_BYTES - CHECK_BYTES))
    .digest()
    .subarray(0, CHECK_BYTES);

function nonceOf(prefix: Buffer, index: number, last: boolean): Buffer {
  if (index > 0xffffffff) throw new Error('the backup is too large for its chunk counter');
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, PREFIX_BYTES);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

interface Sealing {
  header: Buffer;
  keys: Keys;
  prefix: Buffer;
}

function seal(sealing: Sealing, index: number, plain: Buffer, last: boolean): Buffer {
  const cipher = createCipheriv('aes-256-gcm', sealing.keys.aes, nonceOf(sealing.prefix, index, last));
  cipher.setAAD(sealing.header);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function open(sealing: Sealing, index: number, frame: Buffer, last: boolean): Buffer {
  if (frame.length < TAG_BYTES) throw new DamagedBackupError('its last chunk is incomplete');
  const decipher = createDecipheriv('aes-256-gcm', sealing.keys.aes, nonceOf(sealing.prefix, index, last));
  decipher.setAAD(sealing.header);
  decipher.setAuthTag(frame.subarray(frame.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(frame.subarray(0, frame.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new DamagedBackupError(`chunk ${index + 1} does not match its seal`);
  }
}

/**
 * A stream that encrypts what is written to it into the format above, header first. The key is derived before it
 * is answered (about half a second). `cost` is for the unit tests, which need no half second per case.
 */
export async function encryptingStream(passphrase: string, cost: ScryptCost = SCRYPT_COST): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const prefix = randomBytes(PREFIX_BYTES);
  const keys = await deriveKeys(passphrase, salt, cost);
  const header = Buffer.alloc(ENCRYPTED_HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt8(VERSION, 8);
  header.writeUInt8(cost.log2N, 9);
  header.writeUInt8(cost.r, 10);
  header.writeUInt8(cost.p, 11);
  header.writeUInt32BE(CHUNK_BYTES, 12);
  salt.copy(header, 16);
  prefix.copy(header, 32);
  checkOf(keys, header).copy(header, 39);
  const sealing: Sealing = { header, keys, prefix };
  let headerSent = false;
  return framed(CHUNK_BYTES, (frame, index, last) => {
    const sealed = seal(sealing, index, frame, last);
    if (headerSent) return sealed;
    headerSent = true;
    return Buffer.concat([header, sealed]);
  });
}

/**
 * A stream that cuts what is written to it into frames of `bytes` and answers `each` of them in turn. A full frame
 * goes to `each` only once more follows it, so the frame told it is the last is never empty, unless nothing at all
 * was written, and an input cut at a frame's end still ends on a frame taken as the last.
 */
function framed(bytes: number, each: (frame: Buffer, index: number, last: boolean) => Buffer): Transform {
  let parts: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      parts.push(chunk);
      pendingBytes += chunk.length;
      try {
        if (pendingBytes > bytes) {
          let pending = Buffer.concat(parts, pendingBytes);
          while (pending.length > bytes) {
            this.push(each(pending.subarray(0, bytes), index++, false));
            pending = pending.subarray(bytes);
          }
          parts = [pending];
          pendingBytes = pending.length;
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        this.push(each(Buffer.concat(parts, pendingBytes), index, true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** Whether `file` begins as an encrypted backup does. */
export function isEncryptedBackup(file: string): boolean {
  const start = Buffer.alloc(MAGIC.length);
  const handle = fs.openSync(file, 'r');
  try {
    return fs.readSync(handle, start, 0, MAGIC.length, 0) === MAGIC.length && start.equals(MAGIC);
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Reads an encrypted backup's header, derives the key and checks the passphrase (WrongPassphraseError), then
 * answers a stream of the archive's bytes, which fails with DamagedBackupError where they are not the ones written.
 */
export async function decryptBackup(file: string, passphrase: string): Promise<Readable> {
  const header = Buffer.alloc(ENCRYPTED_HEADER_BYTES);
  const handle = fs.openSync(file, 'r');
  let read: number;
  try {
    read = fs.readSync(handle, header, 0, ENCRYPTED_HEADER_BYTES, 0);
  } finally {
    fs.closeSync(handle);
  }
  if (read < ENCRYPTED_HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new DamagedBackupError('its header is incomplete');
  }
  const version = header.readUInt8(8);
  if (version !== VERSION) throw new Error(`it is encrypted in a format this version does not know (${version})`);
  const cost = { log2N: header.readUInt8(9), r: header.readUInt8(10), p: header.readUInt8(11) };
  const chunkBytes = header.readUInt32BE(12);
  if (
    cost.log2N < 1 ||
    cost.log2N > MAX_COST.log2N ||
    cost.r < 1 ||
    cost.r > MAX_COST.r ||
    cost.p < 1 ||
    cost.p > MAX_COST.p ||
    chunkBytes < 1 ||
    chunkBytes > MAX_CHUNK_BYTES
  ) {
    throw new DamagedBackupError('its header asks for more than a backup of this site would');
  }
  const keys = await deriveKeys(passphrase, header.subarray(16, 32), cost);
  if (!timingSafeEqual(checkOf(keys, header), header.subarray(39, ENCRYPTED_HEADER_BYTES))) {
    throw new WrongPassphraseError();
  }
  const sealing: Sealing = { header, keys, prefix: header.subarray(32, 39) };
  const decrypting = framed(chunkBytes + TAG_BYTES, (frame, index, last) => open(sealing, index, frame, last));
  const source = fs.createReadStream(file, { start: ENCRYPTED_HEADER_BYTES });
  source.on('error', (error) => decrypting.destroy(error));
  return source.pipe(decrypting);
}
