/**
 * A backup's name is the time it was made (UTC, as toISOString writes it with - for : and .), so names sort by
 * age, then `-manual` for one made with "Back up now", and `.enc` after an encrypted archive's extension
 * (decisions 025, 031). The Backups page reads an uploaded file's time from it too.
 */
export const BACKUP_NAME =
  /^studio-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(-manual)?\.(tar\.gz(?:\.enc)?|pgdump)$/;

/** When the backup named `name` was made (ISO 8601, UTC); null for a name the site did not give. */
export function backupCreatedAt(name: string): string | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, ms] = match;
  return `${day}T${hours}:${minutes}:${seconds}.${ms}Z`;
}
