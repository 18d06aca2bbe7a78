import path from 'node:path';
import { z } from 'zod';
import { type BackupSchedule, parseBackupSchedule } from '../core/backup-schedule';
import {
  CONTACT_FLOOD,
  BACKUP_PASSPHRASE_MIN_LENGTH,
  DEFAULT_BACKUP_KEEP,
  DEFAULT_BACKUP_SCHEDULE,
  NOTIFY_RETRY,
  DEFAULT_SITE_TIME_ZONE,
  RATE_LIMITS,
  type RateLimit,
  type RateLimitName,
  SESSION_IDLE_MS,
  SESSION_TTL_MS,
  VISIT_BEACON_LIMIT,
  VISIT_QUEUE,
  VISIT_RETENTION_DAYS,
} from '../core/constants';
import { MESSAGES } from '../core/messages';
import { canonicalTimeZone } from '../core/site-time';

/**
 * scrypt's cost N for password hashes (services/account/passwords.ts), N=2^17 with r=8, p=1: OWASP's minimum for scrypt
 * (its Password Storage Cheat Sheet). About 0.4 s and 128 MiB a check on this machine.
 */
export const PASSWORD_HASH_COST = 2 ** 17;
/** TEST_FAST_PASSWORD_HASHING=1 (tests only): about 3 ms and 4 MiB a check. */
export const TEST_PASSWORD_HASH_COST = 2 ** 12;

/** Environment variables, parsed and checked once at start-up (DESIGN.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  /** MEDIA_STORAGE: where the processed images live (DATA_DIR/uploads by default). */
  mediaStorage: MediaStorageConfig;
  databaseFile: string;
  /**
   * SECRET_KEY: the key that encrypts the secrets the database keeps (secret-box.ts). Unset, the server makes
   * `secretKeyFile` at its first start and uses that.
   */
  secretKey: Buffer | undefined;
  /** DATA_DIR/secret.key. */
  secretKeyFile: string;
  /** DATABASE_URL (postgres://…): PostgreSQL instead of the SQLite file. */
  databaseUrl: string | undefined;
  siteUrl: string;
  /**
   * What is wrong with the public address, in words for the owner, or undefined: a production site without SITE_URL
   * (every canonical URL, the sitemap, Open Graph and the e-mails say localhost), or one whose SITE_URL is this
   * computer's while it listens beyond it. Said at start and on every dashboard page.
   */
  siteUrlProblem: string | undefined;
  /**
   * SITE_TIME_ZONE (an IANA zone, Asia/Thimphu by default): every date and time a person reads is shown in it,
   * the feeds carry its offset, and the days of the visit counts begin at its midnight.
   */
  siteTimeZone: string;
  adminUsername: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  sessionTtlMs: number;
  /** SESSION_IDLE_SECONDS: a session with no request for this long ends, within its lifetime. */
  sessionIdleMs: number;
  /**
   * How many reverse proxies stand in front of the server (TRUST_PROXY; 0 = none). Express then takes the
   * client address that many hops from the right of X-Forwarded-For, the part the proxies wrote.
   */
  trustProxy: number;
  /** RATE_LIMITS, with the counts CONTACT_RATE_LIMIT_MAX and UPLOAD_RATE_LIMIT_MAX set for this site. */
  rateLimits: Record<RateLimitName, RateLimit>;
  /** CONTACT_FLOOD, with `max` set by CONTACT_FLOOD_PER_HOUR: the site's contact messages per hour for the inbox. */
  contactFlood: RateLimit;
  /** One JSON line per request on stdout (LOG_REQUESTS=0 turns it off; security events are always logged). */
  logRequests: boolean;
  /**
   * TEST_CLOCK=1, for tests only: the signed-in administrator may move the publishing clock forward
   * (`PUT /api/test-clock`), so a scheduled post can be seen appearing without waiting for its time.
   */
  testClock: boolean;
  /**
   * scrypt's cost N for new password hashes (passwords.ts). TEST_FAST_PASSWORD_HASHING=1, for tests only, lowers
   * it, so that the API tests that sign in and change passwords often do not spend most of their time hashing; the
   * server says so when it starts, and without the flag the next sign-in replaces such a hash (`needsRehash`).
   */
  passwordHashCost: number;
  /** ANALYTICS (on unless 0) and the figures of private visit counting (decision 019). */
  analytics: AnalyticsConfig;
  /** SITE_URL is https: cookies are Secure and browsers are told to keep to https (HSTS). */
  siteIsHttps: boolean;
  /** SMTP_URL and NOTIFY_EMAIL: an e-mail to the owner for each contact message; absent, none is sent. */
  notifications: NotificationConfig | undefined;
  /** The backups the server makes by itself (decision 025). */
  backups: BackupConfig;
  production: boolean;
}

export interface BackupConfig {
  /** BACKUP_SCHEDULE: `daily 02:00` (the default), several times, or `off`. */
  schedule: BackupSchedule;
  /** BACKUP_KEEP: the newest this many are kept on the server, and as many in the bucket. */
  keep: number;
  /** DATA_DIR/backups. */
  folder: string;
  /** BACKUP_S3_BUCKET and its BACKUP_S3_ settings: each backup is copied there too. */
  bucket: S3Connection | undefined;
  /**
   * BACKUP_S3_SSE: `AES256` (the default) asks the bucket to encrypt each copy at rest; `off` for a service that
   * refuses the request (MinIO without a KMS).
   */
  bucketServerSideEncryption: boolean;
  /** BACKUP_PASSPHRASE: each archive is encrypted with it (decision 031); unset, archives are in the clear. */
  passphrase: string | undefined;
}

export interface AnalyticsConfig {
  /** ANALYTICS=0 turns counting off: the beacon's endpoint answers 204 and keeps nothing. */
  enabled: boolean;
  /** ANALYTICS_RETENTION_DAYS: raw page views older than this are deleted; daily rollups stay. */
  retentionDays: number;
  /** ANALYTICS_QUEUE_MAX: page views waiting in memory for their batch, at most (VISIT_QUEUE). */
  queueMax: number;
  /**
   * ANALYTICS_BEACON_LIMIT_MAX, for benchmarks and tests only: page views one address may send in the window of
   * VISIT_BEACON_LIMIT. A load generator on loopback is one address; a site should keep the default.
   */
  beaconLimitMax: number;
}

export interface NotificationConfig {
  /** SMTP_URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
  smtpUrl: string;
  /** NOTIFY_EMAIL: who is told. */
  to: string;
  /** NOTIFY_FROM: the sender address; NOTIFY_EMAIL when unset. */
  from: string;
  /** NOTIFY_RETRY_BASE_MS: the wait after the first failed attempt, doubled per further attempt. */
  retryBaseMs: number;
}

/** A bucket and how to reach it, from the variables of one prefix: S3_ for the images, BACKUP_S3_ for backups. */
export interface S3Connection {
  bucket: string;
  /** <prefix>ENDPOINT, for S3-compatible services (MinIO, R2, …); path-style addressing is used then. */
  endpoint: string | undefined;
  /** <prefix>REGION, us-east-1 when unset. */
  region: string;
  /** <prefix>ACCESS_KEY_ID and <prefix>SECRET_ACCESS_KEY; absent, the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** MEDIA_STORAGE=s3: the bucket every image is stored in. */
export interface S3Settings extends S3Connection {
  /** MEDIA_PUBLIC_URL: /uploads/<name> redirects to `${publicUrl}/<name>` instead of streaming from the bucket. */
  publicUrl: string | undefined;
}

export type MediaStorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Settings);

export class ConfigError extends Error {}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${value}"`);
  }
  return port;
}

function parsePositiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new ConfigError(`${name} must be a positive number, not "${value}"`);
  }
  return number;
}

function parseFlag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/** SITE_TIME_ZONE, checked against the zones Intl knows and spelt as Intl spells it. */
function parseSiteTimeZone(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return DEFAULT_SITE_TIME_ZONE;
  const zone = canonicalTimeZone(value);
  if (!zone) {
    throw new ConfigError(
      `SITE_TIME_ZONE must be an IANA time zone such as Asia/Thimphu or Europe/London, not "${value}"`,
    );
  }
  return zone;
}

/**
 * TRUST_PROXY as a number of proxy hops. A bare `true` would make Express take the left-most
 * X-Forwarded-For entry, which the client writes itself (a proxy only appends), so 1/true/yes/on
 * mean exactly one hop, a whole number N means N hops, and 0/false/empty mean none.
 */
function parseTrustProxy(value: string | undefined): number {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text)) return 0;
  if (['true', 'yes', 'on'].includes(text)) return 1;
  const hops = Number(text);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new ConfigError(
      `TRUST_PROXY must be 0, 1 (or true) or the number of proxies in front of the site, not "${value}"`,
    );
  }
  return hops;
}

/** An AES-256 key, 32 bytes in base64 (`openssl rand -base64 32`), or undefined when `text` is not one. */
export function decodeSecretKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : undefined;
}

function parseSecretKey(value: string | undefined): Buffer | undefined {
  if (value === undefined || value === '') return undefined;
  const key = decodeSecretKey(value);
  // Not echoed: it is a secret, even when mistyped.
  if (!key) throw new ConfigError('SECRET_KEY must be 32 bytes in base64, as `openssl rand -base64 32` prints.');
  return key;
}

function parseHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an absolute http(s) URL, not "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

/** The bucket `bucket` with the endpoint, region and credentials of the variables that begin with `prefix`. */
function parseS3Connection(env: NodeJS.ProcessEnv, prefix: 'S3_' | 'BACKUP_S3_', bucket: string): S3Connection {
  const accessKeyId = env[`${prefix}ACCESS_KEY_ID`] || undefined;
  const secretAccessKey = env[`${prefix}SECRET_ACCESS_KEY`] || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      `Set both ${prefix}ACCESS_KEY_ID and ${prefix}SECRET_ACCESS_KEY, or neither (the AWS SDK then finds ` +
        'credentials itself).',
    );
  }
  const endpoint = env[`${prefix}ENDPOINT`];
  return {
    bucket,
    endpoint: endpoint ? parseHttpUrl(`${prefix}ENDPOINT`, endpoint) : undefined,
    region: env[`${prefix}REGION`] || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

function parseMediaStorage(env: NodeJS.ProcessEnv): MediaStorageConfig {
  const kind = (env.MEDIA_STORAGE || 'disk').trim().toLowerCase();
  if (kind === 'disk') {
    if (env.MEDIA_PUBLIC_URL) {
      throw new ConfigError('MEDIA_PUBLIC_URL is for MEDIA_STORAGE=s3; on disk the images are served from /uploads.');
    }
    return { kind: 'disk' };
  }
  if (kind !== 's3') throw new ConfigError(`MEDIA_STORAGE must be "disk" or "s3", not "${env.MEDIA_STORAGE}"`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    throw new ConfigError('MEDIA_STORAGE=s3 needs S3_BUCKET, the name of the bucket that holds the images.');
  }
  return {
    kind: 's3',
    ...parseS3Connection(env, 'S3_', bucket),
    publicUrl: env.MEDIA_PUBLIC_URL ? parseHttpUrl('MEDIA_PUBLIC_URL', env.MEDIA_PUBLIC_URL) : undefined,
  };
}

function parseBackups(env: NodeJS.ProcessEnv, dataDir: string): BackupConfig {
  const scheduleText = env.BACKUP_SCHEDULE?.trim() || DEFAULT_BACKUP_SCHEDULE;
  const schedule = parseBackupSchedule(scheduleText);
  if (!schedule) {
    throw new ConfigError(
      `BACKUP_SCHEDULE must be "daily" and one or more times of the day (daily 02:00, daily 02:00 14:00) or ` +
        `"off", not "${scheduleText}"`,
    );
  }
  const keep = Number(env.BACKUP_KEEP || DEFAULT_BACKUP_KEEP);
  if (!Number.isInteger(keep) || keep < 1) {
    throw new ConfigError(`BACKUP_KEEP must be a whole number of backups, 1 or more, not "${env.BACKUP_KEEP}"`);
  }
  const bucket = env.BACKUP_S3_BUCKET?.trim();
  // Taken as it is, spaces included: it must be typed again, years later, exactly as it was set.
  const passphrase = env.BACKUP_PASSPHRASE || undefined;
  if (passphrase !== undefined && [...passphrase].length < BACKUP_PASSPHRASE_MIN_LENGTH) {
    throw new ConfigError(
      `BACKUP_PASSPHRASE must be at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters: whoever gets a backup can ` +
        'try passphrases against it for as long as they like. A few words make a good one.',
    );
  }
  const sse = (env.BACKUP_S3_SSE || 'AES256').trim();
  if (sse !== 'AES256' && sse.toLowerCase() !== 'off') {
    throw new ConfigError(`BACKUP_S3_SSE must be "AES256" or "off", not "${env.BACKUP_S3_SSE}"`);
  }
  return {
    schedule,
    keep,
    folder: path.join(dataDir, 'backups'),
    bucket: bucket ? parseS3Connection(env, 'BACKUP_S3_', bucket) : undefined,
    bucketServerSideEncryption: sse === 'AES256',
    passphrase,
  };
}

function parseEmailAddress(name: string, value: string): string {
  const address = value.trim();
  if (!z.email().safeParse(address).success) throw new ConfigError(`${name} must be an e-mail address, not "${value}"`);
  return address;
}

function parseNotifications(env: NodeJS.ProcessEnv): NotificationConfig | undefined {
  const smtpUrl = env.SMTP_URL?.trim();
  const to = env.NOTIFY_EMAIL?.trim();
  if (!smtpUrl && !to) return undefined;
  if (!smtpUrl || !to) {
    throw new ConfigError('Set both SMTP_URL and NOTIFY_EMAIL to have contact messages e-mailed, or neither.');
  }
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    // Not echoed: the URL may hold the SMTP password.
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@host:587');
  }
  return {
    smtpUrl,
    to: parseEmailAddress('NOTIFY_EMAIL', to),
    from: env.NOTIFY_FROM ? parseEmailAddress('NOTIFY_FROM', env.NOTIFY_FROM) : parseEmailAddress('NOTIFY_EMAIL', to),
    retryBaseMs: parsePositiveNumber('NOTIFY_RETRY_BASE_MS', env.NOTIFY_RETRY_BASE_MS, NOTIFY_RETRY.retryBaseMs),
  };
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

function siteUrlProblemOf(env: NodeJS.ProcessEnv, siteUrl: string): string | undefined {
  if (env.NODE_ENV !== 'production') return undefined;
  if (!env.SITE_URL) return MESSAGES.siteUrlUnset;
  const listensBeyondLoopback = !LOOPBACK_HOST.test(env.HOST || '0.0.0.0');
  return LOOPBACK_HOST.test(new URL(siteUrl).hostname) && listensBeyondLoopback
    ? MESSAGES.siteUrlLoopback(siteUrl)
    : undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL; leave it unset to use the SQLite file in DATA_DIR.');
  }
  const port = parsePort(env.PORT);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const siteUrl = (env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  let siteIsHttps: boolean;
  try {
    siteIsHttps = new URL(siteUrl).protocol === 'https:';
  } catch {
    throw new ConfigError(`SITE_URL must be an absolute http(s) URL, not "${siteUrl}"`);
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    mediaStorage: parseMediaStorage(env),
    databaseFile: path.join(dataDir, 'studio.sqlite'),
    secretKey: parseSecretKey(env.SECRET_KEY),
    secretKeyFile: path.join(dataDir, 'secret.key'),
    databaseUrl,
    siteUrl,
    siteUrlProblem: siteUrlProblemOf(env, siteUrl),
    siteTimeZone: parseSiteTimeZone(env.SITE_TIME_ZONE),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: parseFlag(env.SEED_DEMO, true),
    sessionTtlMs: parsePositiveNumber('SESSION_TTL_SECONDS', env.SESSION_TTL_SECONDS, SESSION_TTL_MS / 1000) * 1000,
    sessionIdleMs: parsePositiveNumber('SESSION_IDLE_SECONDS', env.SESSION_IDLE_SECONDS, SESSION_IDLE_MS / 1000) * 1000,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: {
      login: RATE_LIMITS.login,
      contact: {
        ...RATE_LIMITS.contact,
        max: parsePositiveNumber('CONTACT_RATE_LIMIT_MAX', env.CONTACT_RATE_LIMIT_MAX, RATE_LIMITS.contact.max),
      },
      upload: {
        ...RATE_LIMITS.upload,
        max: parsePositiveNumber('UPLOAD_RATE_LIMIT_MAX', env.UPLOAD_RATE_LIMIT_MAX, RATE_LIMITS.upload.max),
      },
      testEmail: RATE_LIMITS.testEmail,
    },
    contactFlood: {
      ...CONTACT_FLOOD,
      max: parsePositiveNumber('CONTACT_FLOOD_PER_HOUR', env.CONTACT_FLOOD_PER_HOUR, CONTACT_FLOOD.max),
    },
    logRequests: parseFlag(env.LOG_REQUESTS, true),
    testClock: parseFlag(env.TEST_CLOCK, false),
    passwordHashCost: parseFlag(env.TEST_FAST_PASSWORD_HASHING, false) ? TEST_PASSWORD_HASH_COST : PASSWORD_HASH_COST,
    analytics: {
      enabled: parseFlag(env.ANALYTICS, true),
      retentionDays: parsePositiveNumber(
        'ANALYTICS_RETENTION_DAYS',
        env.ANALYTICS_RETENTION_DAYS,
        VISIT_RETENTION_DAYS,
      ),
      queueMax: Math.ceil(parsePositiveNumber('ANALYTICS_QUEUE_MAX', env.ANALYTICS_QUEUE_MAX, VISIT_QUEUE.queueMax)),
      beaconLimitMax: Math.ceil(
        parsePositiveNumber('ANALYTICS_BEACON_LIMIT_MAX', env.ANALYTICS_BEACON_LIMIT_MAX, VISIT_BEACON_LIMIT.max),
      ),
    },
    siteIsHttps,
    notifications: parseNotifications(env),
    backups: parseBackups(env, dataDir),
    production: env.NODE_ENV === 'production',
  };
}
