import { fromSiteLocalInput, siteDay, timeZoneLabel } from './site-time';
import { addDays } from './visits';

/**
 * BACKUP_SCHEDULE (decision 025): when the server backs itself up, in words an owner can read and write.
 * `daily 02:00` (the default) is once a day at that time of the site's zone; `daily 02:00 14:00` (or with commas)
 * several times a day; `off` never by itself ("Back up now" still works).
 */
export type BackupSchedule = { kind: 'off' } | { kind: 'daily'; times: string[] };

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The schedule a BACKUP_SCHEDULE value names, or null when it names none. */
export function parseBackupSchedule(text: string): BackupSchedule | null {
  const words = text
    .trim()
    .toLowerCase()
    .split(/[\s,]+/);
  if (words.length === 1 && words[0] === 'off') return { kind: 'off' };
  const [kind, ...times] = words;
  if (kind !== 'daily' || times.length === 0 || !times.every((time) => CLOCK_TIME.test(time))) return null;
  return { kind: 'daily', times: [...new Set(times)].sort() };
}

/** The first scheduled time after `afterMs`, in the site's zone; null when the schedule is off. */
export function nextBackupAt(schedule: BackupSchedule, afterMs: number, zone: string): number | null {
  if (schedule.kind === 'off') return null;
  const today = siteDay(afterMs, zone);
  // Today's times, then tomorrow's: the first of them after `afterMs` is the next (two days cover any zone's jump).
  for (const day of [today, addDays(today, 1), addDays(today, 2)]) {
    for (const time of schedule.times) {
      const at = Date.parse(fromSiteLocalInput(`${day}T${time}`, zone)!);
      if (at > afterMs) return at;
    }
  }
  return null;
}

/** The schedule as the dashboard says it: "Every day at 02:00 Bhutan time", "Every day at 02:00 and 14:00 …". */
export function describeBackupSchedule(schedule: BackupSchedule, zone: string): string {
  if (schedule.kind === 'off') return 'Off: the site makes no backups by itself.';
  const times = schedule.times;
  const list = times.length === 1 ? times[0] : `${times.slice(0, -1).join(', ')} and ${times.at(-1)}`;
  return `Every day at ${list} ${timeZoneLabel(zone)}.`;
}
