import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { api } from '../support/api-client';
import { adminOf, createProject, jpeg } from '../support/factories';
import { modeOf, openToOthers, setUsualUmask } from '../support/file-modes';
import { logLines } from '../support/log-lines';
import { runScript } from '../support/scripts';
import { onPostgres, postgresUrlFor, queryServerDatabase } from '../support/test-database';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 22, item 5 (decision 016): DATA_DIR is its owner's alone, and the TOTP secret is stored encrypted with a
 * key kept outside the database (DATA_DIR/secret.key or SECRET_KEY).
 */

setUsualUmask();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-secrets-test-'));
const dataDir = path.join(work, 'data');
let server: TestServer;

const totpFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
/** The next step's code: the current one may have been used a moment ago, and is then refused. */
const nextCode = (secret: string) => totpFor(secret).generate({ timestamp: Date.now() + 30_000 });

async function restart(env: Record<string, string> = {}): Promise<void> {
  await server.stop();
  server = await startTestServer(env, dataDir);
}

async function storedSecrets(): Promise<{ totp_secret: string | null; totp_pending_secret: string | null }> {
  const [row] = await queryServerDatabase<{ totp_secret: string | null; totp_pending_secret: string | null }>(
    dataDir,
    'select totp_secret, totp_pending_secret from admins',
  );
  return row!;
}

/** The password step, then the code step; the answer of the code step. */
async function signInWithCode(code: string, target = server) {
  const first = await api(target, 'POST', '/api/auth/login', {
    json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(first.body, JSON.stringify(first.body)).toMatchObject({ data: { twoFactorRequired: true } });
  return api(target, 'POST', '/api/auth/login/code', { json: { challenge: first.body.data.challenge, code } });
}

beforeAll(async () => {
  server = await startTestServer({}, dataDir);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('DATA_DIR', () => {
  it('is made 0700 with every file in it 0600 at the first start, though the umask was 022', async () => {
    const cookie = await server.login();
    await createProject(adminOf(server, cookie), { title: 'Paro Library' }, [await jpeg('site.jpg', 1200, 800)]);
    expect(modeOf(dataDir)).toBe(0o700);
    const names = fs.readdirSync(dataDir);
    expect(names).toContain('secret.key');
    if (!onPostgres) expect(names).toEqual(expect.arrayContaining(['studio.sqlite-wal', 'studio.sqlite-shm']));
    for (const name of names.filter((entry) => fs.statSync(path.join(dataDir, entry)).isFile())) {
      expect(modeOf(path.join(dataDir, name)), name).toBe(0o600);
    }
    expect(fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).length).toBeGreaterThan(1);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('is tightened at start when an earlier version left it open to others, and the start says so', async () => {
    await server.stop();
    fs.chmodSync(dataDir, 0o755);
    for (const name of fs.readdirSync(dataDir)) {
      const entry = path.join(dataDir, name);
      fs.chmodSync(entry, fs.statSync(entry).isDirectory() ? 0o755 : 0o644);
    }
    server = await startTestServer({}, dataDir);
    expect(server.output()).toMatch(/Made DATA_DIR .* readable by its owner alone .*: \., .*secret\.key/);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});

describe('the TOTP secret', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('is stored encrypted, pending and confirmed, and a code from the app still signs in', async () => {
    const cookie = await server.login();
    const setup = await api(server, 'POST', '/api/account/two-factor/setup', { cookie });
    secret = setup.body.data.secret;
    const pending = await storedSecrets();
    expect(pending.totp_pending_secret).toMatch(/^v1:[\w-]+$/);
    expect(pending.totp_pending_secret).not.toContain(secret);

    const code = totpFor(secret).generate();
    const enabled = await api(server, 'POST', '/api/account/two-factor/enable', { cookie, json: { code } });
    expect(enabled.status).toBe(200);
    recoveryCodes = enabled.body.data.recoveryCodes;
    const stored = await storedSecrets();
    expect(stored.totp_pending_secret).toBeNull();
    expect(stored.totp_secret).toMatch(/^v1:[\w-]+$/);
    expect(stored.totp_secret).not.toContain(secret);
    // A random IV: the same secret sealed twice differs.
    expect(stored.totp_secret).not.toBe(pending.totp_pending_secret);

    const signedIn = await signInWithCode(nextCode(secret));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toMatch(/^sid=/);
  });

  // A PostgreSQL site is backed up with pg_dump (docs/deploy.md); npm run backup refuses it.
  it.skipIf(onPostgres)(
    'comes with a backup: restored on a new machine, a code signs in with nothing else',
    async () => {
      const archive = path.join(work, 'saved', 'studio.tar.gz');
      const backup = await runScript('backup', [archive], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect(modeOf(archive)).toBe(0o600);

      const newMachine = path.join(work, 'new-machine');
      const restored = await runScript('restore', [archive], { DATA_DIR: newMachine });
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('the two-factor key: secret.key');
      expect(openToOthers(newMachine)).toEqual([]);
      // The step last used came along too; forgotten here so that this step's code is new to the restored copy.
      await queryServerDatabase(newMachine, 'update admins set totp_last_used_step = null');
      const elsewhere = await startTestServer({}, newMachine);
      try {
        const answer = await signInWithCode(totpFor(secret).generate(), elsewhere);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(logLines(elsewhere).filter((line) => line.level === 'error')).toEqual([]);
        expect(openToOthers(newMachine)).toEqual([]);
      } finally {
        await elsewhere.stop();
      }
    },
  );

  it('in the clear, as an earlier version stored it, still signs in and is encrypted at the next start', async () => {
    const plain = new OTPAuth.Secret({ size: 20 }).base32;
    await queryServerDatabase(dataDir, 'update admins set totp_secret = ?, totp_last_used_step = null', [plain]);
    expect((await signInWithCode(totpFor(plain).generate())).status).toBe(200);

    await restart();
    expect(server.output()).toContain('Encrypted 1 two-factor secret(s) an earlier version stored in the clear.');
    const stored = await storedSecrets();
    expect(stored.totp_secret).toMatch(/^v1:/);
    expect(stored.totp_secret).not.toContain(plain);
    expect((await signInWithCode(nextCode(plain))).status).toBe(200);
    secret = plain;
  });

  it('with another key fails the code step with a logged error, not a crash; recovery codes and reset-password still work', async () => {
    await restart({ SECRET_KEY: randomBytes(32).toString('base64') });
    // Said at start, before anyone tries.
    expect(logLines(server).some((line) => line.msg === 'two-factor secret unreadable')).toBe(true);

    const refused = await signInWithCode(nextCode(secret));
    expect(refused).toMatchObject({ status: 401, body: { error: MESSAGES.invalidSignInCode } });
    const errors = logLines(server).filter((line) => line.msg === 'two-factor secret unreadable');
    expect(errors.length).toBeGreaterThan(1);
    expect(errors.at(-1)).toMatchObject({ level: 'error', reason: expect.stringContaining('--disable-2fa') });
    expect((await signInWithCode(recoveryCodes[0]!)).status).toBe(200);

    const reset = await runScript('reset-password', ['--disable-2fa'], {
      DATA_DIR: dataDir,
      ...(onPostgres ? { DATABASE_URL: await postgresUrlFor(dataDir) } : {}),
    });
    expect(reset.code, reset.stderr).toBe(0);
    const password = /shown only once:\n\s+(\S+)/.exec(reset.stdout)![1]!;
    const plain = await api(server, 'POST', '/api/auth/login', { json: { username: ADMIN_USERNAME, password } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).toMatch(/^sid=/);
    expect(await storedSecrets()).toEqual({ totp_secret: null, totp_pending_secret: null });
  });
});
