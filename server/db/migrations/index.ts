import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial';
import * as rateLimits from './0002-rate-limits';
import * as accounts from './0003-accounts';
import * as knownDevices from './0004-known-devices';
import * as outbox from './0005-outbox';
import * as publishing from './0006-publishing';
import * as siteTexts from './0007-site-texts';
import * as contactFloods from './0008-contact-floods';
import * as visitCounting from './0009-visit-counting';
import * as visitCountry from './0010-visit-country';
import * as demoRecords from './0011-demo-records';
import * as backupStatus from './0012-backup-status';
import * as spamCeiling from './0013-spam-ceiling';
import * as manualBackups from './0014-manual-backups';
import * as trash from './0015-trash';
import * as manualOrder from './0019-manual-order';
import * as focalPoint from './0020-focal-point';

/**
 * Migrations are listed in code rather than read from a folder so that they
 * travel inside the server bundle. Names sort in the order they apply.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-rate-limits': rateLimits,
  '0003-accounts': accounts,
  '0004-known-devices': knownDevices,
  '0005-outbox': outbox,
  '0006-publishing': publishing,
  '0007-site-texts': siteTexts,
  '0008-contact-floods': contactFloods,
  '0009-visit-counting': visitCounting,
  '0010-visit-country': visitCountry,
  '0011-demo-records': demoRecords,
  '0012-backup-status': backupStatus,
  '0013-spam-ceiling': spamCeiling,
  '0014-manual-backups': manualBackups,
  '0015-trash': trash,
  '0019-manual-order': manualOrder,
  '0020-focal-point': focalPoint,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
