import { describe, expect, it } from 'vitest';
import { describeBackupSchedule, nextBackupAt, parseBackupSchedule } from '../../core/backup-schedule';
import { ConfigError, readConfig } from '../../server/config';

const at = (iso: string) => Date.parse(iso);
const next = (schedule: string, after: string, zone = 'Asia/Thimphu') =>
  new Date(nextBackupAt(parseBackupSchedule(schedule)!, at(after), zone)!).toISOString();

describe('BACKUP_SCHEDULE', () => {
  it('reads daily times and off, as an owner may write them', () => {
    expect(parseBackupSchedule('daily 02:00')).toEqual({ kind: 'daily', times: ['02:00'] });
    expect(parseBackupSchedule(' Daily 14:00, 02:00 ')).toEqual({ kind: 'daily', times: ['02:00', '14:00'] });
    expect(parseBackupSchedule('OFF')).toEqual({ kind: 'off' });
    for (const wrong of ['', 'daily', 'daily 2:00', 'daily 24:00', 'weekly 02:00', '0 2 * * *', 'off daily 02:00']) {
      expect(parseBackupSchedule(wrong), wrong).toBeNull();
    }
  });

  it('is the next of its times in the site’s zone', () => {
    // 02:00 in Thimphu (UTC+6) is 20:00 UTC the day before.
    expect(next('daily 02:00', '2026-11-25T19:59:59.000Z')).toBe('2026-11-25T20:00:00.000Z');
    expect(next('daily 02:00', '2026-11-25T20:00:00.000Z')).toBe('2026-11-26T20:00:00.000Z');
    expect(next('daily 02:00 14:00', '2026-11-25T20:00:00.000Z')).toBe('2026-11-26T08:00:00.000Z');
    // London's clocks went back on 25 October 2026: 02:00 is 02:00 GMT after it, 01:00 UTC before.
    expect(next('daily 02:00', '2026-10-24T12:00:00.000Z', 'Europe/London')).toBe('2026-10-25T02:00:00.000Z');
    expect(next('daily 02:00', '2026-10-23T12:00:00.000Z', 'Europe/London')).toBe('2026-10-24T01:00:00.000Z');
    expect(nextBackupAt({ kind: 'off' }, Date.now(), 'Asia/Thimphu')).toBeNull();
  });

  it('is said in words, the zone named', () => {
    expect(describeBackupSchedule(parseBackupSchedule('daily 02:00')!, 'Asia/Thimphu')).toBe(
      'Every day at 02:00 Bhutan time.',
    );
    expect(describeBackupSchedule(parseBackupSchedule('daily 02:00 10:00 18:00')!, 'Europe/London')).toBe(
      'Every day at 02:00, 10:00 and 18:00 London time.',
    );
  });
});

describe('the backups’ configuration', () => {
  it('backs up daily at 02:00, keeps 14, copies nowhere and encrypts nothing by default', () => {
    const { backups, dataDir } = readConfig({});
    expect(backups).toEqual({
      schedule: { kind: 'daily', times: ['02:00'] },
      keep: 14,
      folder: `${dataDir}/backups`,
      bucket: undefined,
      bucketServerSideEncryption: true,
      passphrase: undefined,
    });
  });

  it('takes a bucket with credentials of its own, apart from the images’ ones', () => {
    const { backups, mediaStorage } = readConfig({
      BACKUP_S3_BUCKET: 'studio-backups',
      BACKUP_S3_ENDPOINT: 'https://s3.example.bt/',
      BACKUP_S3_ACCESS_KEY_ID: 'backup-key',
      BACKUP_S3_SECRET_ACCESS_KEY: 'backup-secret',
      S3_ACCESS_KEY_ID: 'images-key',
    });
    expect(backups.bucket).toEqual({
      bucket: 'studio-backups',
      endpoint: 'https://s3.example.bt',
      region: 'us-east-1',
      credentials: { accessKeyId: 'backup-key', secretAccessKey: 'backup-secret' },
    });
    expect(mediaStorage).toEqual({ kind: 'disk' });
  });

  it.each([
    [{ BACKUP_SCHEDULE: 'every night' }, /BACKUP_SCHEDULE must be "daily"/],
    [{ BACKUP_KEEP: '0' }, /BACKUP_KEEP must be a whole number/],
    [{ BACKUP_KEEP: '2.5' }, /BACKUP_KEEP must be a whole number/],
    [{ BACKUP_S3_BUCKET: 'b', BACKUP_S3_ACCESS_KEY_ID: 'k' }, /Set both BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET/],
    [{ BACKUP_S3_BUCKET: 'b', BACKUP_S3_ENDPOINT: 'ftp://x' }, /BACKUP_S3_ENDPOINT must be an absolute http/],
  ])('refuses %o with the reason', (env, reason) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(reason);
  });
});
