import { MESSAGES } from '../../core/messages';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['false', 0],
    ['off', 0],
    ['1', 1],
    ['true', 1],
    ['yes', 1],
    ['2', 2],
  ])('%s trusts %i proxy hops', (value, hops) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toBe(hops);
  });

  it.each(['-1', '1.5', 'loopback', '11'])('refuses %s', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
  });
});

describe('SESSION_IDLE_SECONDS', () => {
  it('is 2 hours by default, or the seconds given', () => {
    expect(readConfig({}).sessionIdleMs).toBe(2 * 60 * 60 * 1000);
    expect(readConfig({ SESSION_IDLE_SECONDS: '900' }).sessionIdleMs).toBe(900_000);
  });

  it.each(['0', '-5', 'soon'])('refuses %s', (value) => {
    expect(() => readConfig({ SESSION_IDLE_SECONDS: value })).toThrow(ConfigError);
  });
});

describe('TEST_FAST_PASSWORD_HASHING', () => {
  it("hashes with scrypt's N=2^17 unless a test asks for N=2^12", () => {
    expect(readConfig({}).passwordHashCost).toBe(2 ** 17);
    expect(readConfig({ TEST_FAST_PASSWORD_HASHING: '0' }).passwordHashCost).toBe(2 ** 17);
    expect(readConfig({ TEST_FAST_PASSWORD_HASHING: '1' }).passwordHashCost).toBe(2 ** 12);
  });
});

describe('MEDIA_STORAGE', () => {
  it('is the disk by default', () => {
    expect(readConfig({}).mediaStorage).toEqual({ kind: 'disk' });
    expect(readConfig({ MEDIA_STORAGE: 'disk' }).mediaStorage).toEqual({ kind: 'disk' });
  });

  it('reads the bucket, endpoint, region, keys and public URL for s3', () => {
    expect(
      readConfig({
        MEDIA_STORAGE: 's3',
        S3_BUCKET: 'studio-media',
        S3_ENDPOINT: 'http://127.0.0.1:4569/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_PUBLIC_URL: 'https://media.example.com/studio/',
      }).mediaStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'studio-media',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicUrl: 'https://media.example.com/studio',
    });
  });

  it('defaults to us-east-1, AWS itself and the SDK’s own credentials', () => {
    expect(readConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1' }).mediaStorage).toEqual({
      kind: 's3',
      bucket: 'b-1',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      publicUrl: undefined,
    });
  });

  it.each([
    [{ MEDIA_STORAGE: 'ftp' }, 'MEDIA_STORAGE must be "disk" or "s3"'],
    [{ MEDIA_STORAGE: 's3' }, 'MEDIA_STORAGE=s3 needs S3_BUCKET'],
    [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'localhost:9000' }, 'S3_ENDPOINT must be an absolute'],
    [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'b', MEDIA_PUBLIC_URL: 'ftp://media' }, 'MEDIA_PUBLIC_URL must be an absolute'],
    [{ MEDIA_PUBLIC_URL: 'https://media.example.com' }, 'MEDIA_PUBLIC_URL is for MEDIA_STORAGE=s3'],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe('SMTP_URL and NOTIFY_EMAIL', () => {
  it('are off together, and on together with a 30 s retry base by default', () => {
    expect(readConfig({}).notifications).toBeUndefined();
    expect(
      readConfig({ SMTP_URL: 'smtp://user:secret@mail.example:587', NOTIFY_EMAIL: 'owner@example.bt' }).notifications,
    ).toEqual({
      smtpUrl: 'smtp://user:secret@mail.example:587',
      to: 'owner@example.bt',
      from: 'owner@example.bt',
      retryBaseMs: 30_000,
    });
    expect(
      readConfig({ SMTP_URL: 'smtps://mail.example', NOTIFY_EMAIL: 'owner@example.bt', NOTIFY_FROM: 'site@example.bt' })
        .notifications?.from,
    ).toBe('site@example.bt');
  });

  it.each([
    [{ SMTP_URL: 'smtp://mail.example' }, /both/],
    [{ NOTIFY_EMAIL: 'owner@example.bt' }, /both/],
    [{ SMTP_URL: 'https://mail.example', NOTIFY_EMAIL: 'owner@example.bt' }, /smtp:\/\//],
    [{ SMTP_URL: 'smtp://mail.example', NOTIFY_EMAIL: 'owner' }, /NOTIFY_EMAIL/],
    [{ SMTP_URL: 'smtp://mail.example', NOTIFY_EMAIL: 'owner@example.bt', NOTIFY_FROM: 'a\nb' }, /NOTIFY_FROM/],
    [{ SMTP_URL: 'smtp://mail.example', NOTIFY_EMAIL: 'owner@example.bt', NOTIFY_RETRY_BASE_MS: '0' }, /NOTIFY_RETRY/],
  ])('refuses %o', (env, reason) => {
    expect(() => readConfig(env)).toThrow(reason);
  });

  it('never repeats the SMTP URL, which may hold a password, in its refusal', () => {
    expect(() => readConfig({ SMTP_URL: 'ftp://user:hunter2@mail.example', NOTIFY_EMAIL: 'o@example.bt' })).toThrow(
      /^(?!.*hunter2)/s,
    );
  });
});

describe('SECRET_KEY', () => {
  it('is unset by default, so the key file in DATA_DIR is used', () => {
    const config = readConfig({ DATA_DIR: '/srv/studio/data' });
    expect(config.secretKey).toBeUndefined();
    expect(config.secretKeyFile).toBe('/srv/studio/data/secret.key');
  });

  it('takes 32 bytes in base64, as `openssl rand -base64 32` prints them', () => {
    const key = Buffer.alloc(32, 7);
    expect(readConfig({ SECRET_KEY: `${key.toString('base64')}\n` }).secretKey).toEqual(key);
  });

  it.each(['short', Buffer.alloc(16).toString('base64'), Buffer.alloc(32).toString('hex')])(
    'refuses %s without repeating it',
    (value) => {
      expect(() => readConfig({ SECRET_KEY: value })).toThrow(ConfigError);
      expect(() => readConfig({ SECRET_KEY: value })).not.toThrow(value);
    },
  );
});

describe('the public address (SITE_URL)', () => {
  const production = { NODE_ENV: 'production' };
  it('is a problem the owner is told of when a production site has none, or one only this computer opens', () => {
    expect(readConfig(production).siteUrlProblem).toBe(MESSAGES.siteUrlUnset);
    expect(readConfig({ ...production, SITE_URL: 'http://localhost:3000' }).siteUrlProblem).toBe(
      MESSAGES.siteUrlLoopback('http://localhost:3000'),
    );
    expect(readConfig({ ...production, SITE_URL: 'http://127.0.0.1:3000', HOST: '::' }).siteUrlProblem).toBe(
      MESSAGES.siteUrlLoopback('http://127.0.0.1:3000'),
    );
  });

  it('is none when it is set to a public address, when only this computer is served, or in development', () => {
    expect(readConfig({ ...production, SITE_URL: 'https://www.studio.bt' }).siteUrlProblem).toBeUndefined();
    expect(
      readConfig({ ...production, SITE_URL: 'http://localhost:3000', HOST: '127.0.0.1' }).siteUrlProblem,
    ).toBeUndefined();
    expect(readConfig({ NODE_ENV: 'development' }).siteUrlProblem).toBeUndefined();
  });
});

describe('BACKUP_PASSPHRASE and BACKUP_S3_SSE', () => {
  it('takes the passphrase as it is, spaces included, and none when unset', () => {
    expect(readConfig({}).backups.passphrase).toBeUndefined();
    expect(readConfig({ BACKUP_PASSPHRASE: ' juniper smoke ' }).backups.passphrase).toBe(' juniper smoke ');
  });

  it('refuses a passphrase under 12 characters', () => {
    expect(() => readConfig({ BACKUP_PASSPHRASE: 'eleven char' })).toThrow(/at least 12 characters/);
  });

  it('asks the bucket for server-side encryption unless told off', () => {
    expect(readConfig({}).backups.bucketServerSideEncryption).toBe(true);
    expect(readConfig({ BACKUP_S3_SSE: 'AES256' }).backups.bucketServerSideEncryption).toBe(true);
    expect(readConfig({ BACKUP_S3_SSE: 'off' }).backups.bucketServerSideEncryption).toBe(false);
    expect(() => readConfig({ BACKUP_S3_SSE: 'aws:kms' })).toThrow(ConfigError);
  });
});
