import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config';
import { isSealed, loadSecretKey, openSecret, sealSecret } from '../../server/secret-box';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-secret-box-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('sealed secrets', () => {
  const key = randomBytes(32);
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('open with their key, carry the version, and differ each time (a random IV)', () => {
    const sealed = sealSecret(key, secret);
    expect(sealed).toMatch(/^v1:[\w-]+$/);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(secret)).toBe(false);
    expect(openSecret(key, sealed)).toBe(secret);
    expect(sealSecret(key, secret)).not.toBe(sealed);
  });

  it('refuse another key and an altered value', () => {
    const sealed = sealSecret(key, secret);
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => openSecret(key, altered)).toThrow();
  });
});

describe('the key', () => {
  it('is SECRET_KEY when set, and no file is made', async () => {
    const dataDir = path.join(folder, 'with-env');
    const key = randomBytes(32);
    expect(await loadSecretKey(readConfig({ DATA_DIR: dataDir, SECRET_KEY: key.toString('base64') }))).toEqual(key);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('is otherwise made once in DATA_DIR/secret.key, 0600, and read back at the next start', async () => {
    const config = readConfig({ DATA_DIR: path.join(folder, 'with-file') });
    const [first, second] = await Promise.all([loadSecretKey(config), loadSecretKey(config)]);
    expect(first).toHaveLength(32);
    expect(second).toEqual(first);
    expect(await loadSecretKey(config)).toEqual(first);
    expect(fs.statSync(config.secretKeyFile).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(config.dataDir)).toEqual(['secret.key']);
  });

  it('stops the start when the file holds no key, rather than replacing it', async () => {
    const config = readConfig({ DATA_DIR: path.join(folder, 'damaged') });
    fs.mkdirSync(config.dataDir);
    fs.writeFileSync(config.secretKeyFile, 'not a key\n');
    await expect(loadSecretKey(config)).rejects.toThrow(ConfigError);
    expect(fs.readFileSync(config.secretKeyFile, 'utf8')).toBe('not a key\n');
  });
});
