import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DamagedBackupError,
  decryptBackup,
  ENCRYPTED_HEADER_BYTES,
  encryptingStream,
  isEncryptedBackup,
  WrongPassphraseError,
} from '../../server/services/backups/backup-encryption';

// The encrypted backup's format (decision 031), at a low scrypt cost: the header carries the cost, so the reader
// uses what the writer chose. The chunk is 64 KiB, its tag 16 bytes.
const CHEAP = { log2N: 10, r: 8, p: 1 };
const PASSPHRASE = 'prayer flags over the Dochula pass';
const FRAME = 64 * 1024 + 16;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-backup-encryption-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
let files = 0;

/** `plain` encrypted into a file, written in pieces of `piece` bytes as a stream would bring them. */
async function encrypt(plain: Buffer, piece = 10_000): Promise<string> {
  const file = path.join(work, `backup-${(files += 1)}`);
  const pieces = Array.from({ length: Math.ceil(plain.length / piece) }, (_, i) =>
    plain.subarray(i * piece, (i + 1) * piece),
  );
  await pipeline(Readable.from(pieces), await encryptingStream(PASSPHRASE, CHEAP), fs.createWriteStream(file));
  return file;
}

async function decrypt(file: string, passphrase = PASSPHRASE): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await decryptBackup(file, passphrase)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The file's bytes changed by `change`, in a new file. */
function altered(file: string, change: (bytes: Buffer) => Buffer): string {
  const copy = `${file}-altered-${(files += 1)}`;
  fs.writeFileSync(copy, change(fs.readFileSync(file)));
  return copy;
}

describe('an encrypted backup', () => {
  it('comes back byte for byte, whatever its length against the chunk size, and shows none of its bytes', async () => {
    for (const length of [0, 1, 64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, 3 * 64 * 1024, 200_001]) {
      const plain = Buffer.concat([Buffer.from('SQLite format 3\0'), randomBytes(length)]).subarray(0, length);
      const file = await encrypt(plain);
      expect(isEncryptedBackup(file), String(length)).toBe(true);
      const chunks = Math.floor(length / (64 * 1024)) + (length % (64 * 1024) === 0 && length > 0 ? 0 : 1);
      expect(fs.statSync(file).size, String(length)).toBe(ENCRYPTED_HEADER_BYTES + length + 16 * chunks);
      if (length >= 16) expect(fs.readFileSync(file).includes('SQLite format 3'), String(length)).toBe(false);
      expect((await decrypt(file)).equals(plain), String(length)).toBe(true);
    }
  });

  it('is not taken for one when it is a plain archive', () => {
    const plain = path.join(work, 'plain.tar.gz');
    fs.writeFileSync(plain, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]));
    expect(isEncryptedBackup(plain)).toBe(false);
  });

  it('refuses a wrong passphrase before reading any chunk', async () => {
    const file = await encrypt(randomBytes(100_000));
    await expect(decrypt(file, 'prayer flags over the Dochula pas')).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it('refuses one cut short, at a chunk boundary or inside a chunk, or with bytes added', async () => {
    const file = await encrypt(randomBytes(3 * 64 * 1024 + 500));
    const cuts = {
      'its last chunk dropped': (bytes: Buffer) => bytes.subarray(0, ENCRYPTED_HEADER_BYTES + 3 * FRAME),
      'cut inside a chunk': (bytes: Buffer) => bytes.subarray(0, ENCRYPTED_HEADER_BYTES + FRAME + 1000),
      'cut inside a tag': (bytes: Buffer) => bytes.subarray(0, bytes.length - 5),
      'cut to its header': (bytes: Buffer) => bytes.subarray(0, ENCRYPTED_HEADER_BYTES),
      'bytes added': (bytes: Buffer) => Buffer.concat([bytes, randomBytes(FRAME)]),
    };
    for (const [what, cut] of Object.entries(cuts)) {
      await expect(decrypt(altered(file, cut)), what).rejects.toBeInstanceOf(DamagedBackupError);
    }
  });

  it('refuses one with a byte changed, or its chunks in another order', async () => {
    const file = await encrypt(randomBytes(2 * 64 * 1024 + 500));
    const flip = (at: number) => (bytes: Buffer) => {
      const copy = Buffer.from(bytes);
      copy[at]! ^= 1;
      return copy;
    };
    for (const at of [ENCRYPTED_HEADER_BYTES, ENCRYPTED_HEADER_BYTES + FRAME + 7, fs.statSync(file).size - 1]) {
      await expect(decrypt(altered(file, flip(at))), String(at)).rejects.toBeInstanceOf(DamagedBackupError);
    }
    const swapped = (bytes: Buffer) => {
      const first = bytes.subarray(ENCRYPTED_HEADER_BYTES, ENCRYPTED_HEADER_BYTES + FRAME);
      const second = bytes.subarray(ENCRYPTED_HEADER_BYTES + FRAME, ENCRYPTED_HEADER_BYTES + 2 * FRAME);
      return Buffer.concat([
        bytes.subarray(0, ENCRYPTED_HEADER_BYTES),
        second,
        first,
        bytes.subarray(ENCRYPTED_HEADER_BYTES + 2 * FRAME),
      ]);
    };
    await expect(decrypt(altered(file, swapped))).rejects.toBeInstanceOf(DamagedBackupError);
    // The header is checked with the passphrase: a changed salt no longer matches it.
    await expect(decrypt(altered(file, flip(20)))).rejects.toBeInstanceOf(WrongPassphraseError);
  });
});
