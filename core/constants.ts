/**
 * The business constants of SPEC section 9, written once and imported by the
 * server, the public site and the dashboard.
 */

/** A day in ms, for retention periods and day arithmetic on UTC instants. */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const HERO_AUTO_ADVANCE_MS = 5000;
export const FEATURED_REFETCH_MS = 30_000;
export const REFETCH_AFTER_FOCUS_MS = 300;
export const HERO_FETCH_RETRIES = 3;
export const HERO_RETRY_DELAY_MS = 1000;
export const REFRESH_FEEDBACK_MS = 2000;

export const SWIPE_THRESHOLD_PX = 150;
export const SLIDE_TRANSITION_S = 0.4;
export const MOBILE_BREAKPOINT_PX = 768;
export const PROJECTS_PER_SLIDE = 2;
export const PROJECTS_PER_SLIDE_MOBILE = 1;

export const HEADER_SCROLL_THRESHOLD_PX = 50;
export const DROPDOWN_CLOSE_DELAY_MS = 200;

export const HOME_RECENT_PROJECTS = 6;
export const DASHBOARD_RECENT_ITEMS = 3;
export const CLIENTS_PER_PAGE = 3;
export const CLIENTS_PER_PAGE_MOBILE = 1;

export const COUNTER_ANIMATION_MS = 2000;
export const STATISTICS_VISIBLE_THRESHOLD = 0.3;

/** Home page: years of experience = current year − 2022 + 1. */
export const EXPERIENCE_START_YEAR = 2022;
/** The founding year the about page states. */
export const FOUNDING_YEAR = 2021;

export const WORKING_HOURS_PER_PROJECT = 100;
/** Numbers from this value up are shown in thousands with a K suffix. */
export const THOUSANDS_FORMAT_FROM = 10_000;

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** A session with no request for this long ends (SESSION_IDLE_SECONDS), within its 24 hours. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often, not at every request. */
export const SESSION_LAST_SEEN_INTERVAL_MS = 60_000;

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase or password manager; it bounds the work of hashing. */
export const PASSWORD_MAX_LENGTH = 200;
/** zxcvbn's score (0–4) a new password needs: 3 resists an offline attack on a slow hash. */
export const PASSWORD_MIN_STRENGTH = 3;

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30 s, one step of clock drift either way. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_DRIFT_STEPS = 1;
/** The second step of a sign-in lives this long and allows this many wrong codes. */
export const SIGN_IN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const SIGN_IN_CHALLENGE_MAX_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;
/** The account page shows this many sign-ins; the database keeps at most SIGN_IN_EVENTS_KEPT. */
export const SIGN_IN_HISTORY_SHOWN = 50;
export const SIGN_IN_EVENTS_KEPT = 1000;
export const LOADING_ANIMATION_MS = 1500;
export const LOADING_ANIMATION_FORCED_MS = 2500;
/** The loading screen's fade in and out (not in SPEC): the CSS reads it from the screen's style. */
export const LOADING_FADE_MS = 400;
export const REVISIT_SKIP_WINDOW_MS = 30 * 60 * 1000;

export const MAX_PROJECT_IMAGES = 10;
/** What the server takes per image, and what SPEC section 5 allows for a blog's featured image. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * What the other pickers take: a camera's original, scaled in the browser to IMAGE_MASTER_MAX_PX before upload, so
 * the server's MAX_IMAGE_BYTES applies to the scaled file. Bounded so a browser is not asked to decode anything.
 */
export const MAX_PICKED_PHOTO_BYTES = 50 * 1024 * 1024;
/** The stored main image, the path the API returns, fits within these (SPEC section 5). */
export const IMAGE_MAX_WIDTH = 1200;
export const IMAGE_MAX_HEIGHT = 800;
/**
 * The longer side of the master an upload is shrunk to, in the browser and again on the server (WordPress's
 * threshold, issue 36): the larger variants are made from it, the main image within 1200×800 too (decision 043).
 */
export const IMAGE_MASTER_MAX_PX = 2560;
export const JPEG_QUALITY = 90;
/**
 * The widths of every stored image's WebP and AVIF variants, made from the master (a master narrower than one gets
 * a variant at its own width instead; nothing is enlarged), so `srcset` reaches 1200 px for a 3× phone and 2400 px
 * for a full-width hero on a 2× laptop (decision 043).
 */
export const IMAGE_VARIANT_WIDTHS = [400, 800, IMAGE_MAX_WIDTH, 1600, 2400] as const;
/**
 * Each server process keeps the stored images of at most `maxFileBytes` (the variants a page's `srcset` picks:
 * the demo content's 800 px AVIFs are 3–15 KB) in memory, `maxBytes` in all, and answers them from there
 * (server/http/upload-memory.ts, decision 023). Its own deletions drop them at once; a copy older than
 * `recheckMs` is read again from the storage, so a deletion by another process or instance shows within that.
 */
export const UPLOAD_MEMORY = { maxFileBytes: 64 * 1024, maxBytes: 32 * 1024 * 1024, recheckMs: 10_000 } as const;

/**
 * Whether a session cookie's token is a live session, as the page cache remembers it per process (decision 030):
 * a token that is not one gets the kept public page, one lookup per token every `rememberMs` at most. Bounded in
 * tokens, since a flood can send a new one each time.
 */
export const SESSION_VERDICTS = { rememberMs: 5_000, maxTokens: 4_096 } as const;

/** The media library takes at most this many images per upload (SPEC leaves the number open). */
export const MEDIA_UPLOAD_MAX_IMAGES = 10;

export const CROP_MIN_SIZE_PX = 100;
export const CROP_MIN_SIZE_MEDIA_PX = 50;
export const CROP_OUTPUT_MIN_PX = 800;
export const CROP_ASPECT_OPTIONS = [
  { label: 'Free', ratio: null },
  { label: 'Square', ratio: 1 },
  { label: '16:9', ratio: 16 / 9 },
  { label: '4:3', ratio: 4 / 3 },
  { label: '3:2', ratio: 3 / 2 },
] as const;

export const DEFAULT_READ_TIME = '5 min read';

/** The years a project may carry (the hero-banner form's range, SPEC section 5), and so the only ones a list filters by. */
export const PROJECT_YEAR_MIN = 1900;
export const PROJECT_YEAR_MAX = 2099;
/** The largest `limit` GET /api/projects takes; without one it lists every project. */
export const MAX_PROJECT_LIST_LIMIT = 1000;

export const PROJECT_STATUSES = ['In Progress', 'Completed', 'On Hold', 'Planning'] as const;
export const DEFAULT_PROJECT_STATUS = 'In Progress';

export const BLOG_STATUSES = ['draft', 'published'] as const;
export const DEFAULT_BLOG_STATUS = 'published';
/** Gallery images per blog post (SPEC names no limit; the server accepts 20 files a request). */
export const MAX_BLOG_GALLERY_IMAGES = 10;

export const CLIENT_STATUSES = ['Active', 'Inactive', 'Pending'] as const;
export const DEFAULT_CLIENT_STATUS = 'Active';
/** Visitors see only the studio's current clients; Inactive and Pending ones are the administrator's. */
export const PUBLIC_CLIENT_STATUS = 'Active' satisfies ClientStatus;

export const CLIENT_CATEGORIES = [
  'General',
  'Government',
  'Corporate',
  'Banking',
  'Real Estate',
  'Healthcare',
  'Education',
] as const;
export const DEFAULT_CLIENT_CATEGORY = 'General';

export const BLOG_CATEGORIES = ['Architecture', 'Design', 'Sustainability', 'Technology', 'Culture', 'News'] as const;

/** Categories of the main project form. */
export const PROJECT_CATEGORIES = [
  'Architecture',
  'Planning',
  'Interior Design',
  'Landscape',
  'Supervision',
  'Management',
  'Real Estate',
  'Private Homes',
  'Commercial Buildings',
  'Office',
  'Institute',
  'Hospitality',
  'Interior Build',
  'Renovation',
] as const;

/** Categories of the hero-banner add form. */
export const HERO_CATEGORIES = [
  'Residential',
  'Commercial',
  'Industrial',
  'Institutional',
  'Mixed Use',
  'Renovation',
  'Interior Design',
  'Urban Planning',
] as const;

/** Categories gathered on the Design listing page. */
export const DESIGN_PAGE_CATEGORIES = [
  'Architecture',
  'Interior Design',
  'Landscape',
  'Planning',
  'Residential',
  'Cultural',
  'Educational',
] as const;

/** Categories gathered on the Build listing page. */
export const BUILD_PAGE_CATEGORIES = [
  'Interior Build',
  'Private Homes',
  'Commercial Buildings',
  'Office',
  'Institute',
  'Hospitality',
  'Renovation',
  'Supervision',
  'Management',
  'Construction',
] as const;

/**
 * Every category a stored project may carry: the main form's, the hero form's
 * and those only the listing pages name.
 */
export const ALL_PROJECT_CATEGORIES: readonly string[] = [
  ...new Set<string>([...PROJECT_CATEGORIES, ...HERO_CATEGORIES, ...DESIGN_PAGE_CATEGORIES, ...BUILD_PAGE_CATEGORIES]),
];

export const CONTACT_STATUSES = ['new', 'read', 'replied', 'spam'] as const;

/**
 * Why a message was put in Spam when it arrived (null: by the owner, or never): past the site's hourly count, its
 * hidden field filled in, or sent sooner than CONTACT_MIN_FILL_MS after the form was drawn.
 */
export const SPAM_REASONS = ['flood', 'honeypot', 'too-fast'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/**
 * The whole site's contact messages per hour (CONTACT_FLOOD_PER_HOUR changes `max`): up to `max` go to the inbox
 * and are e-mailed one by one; past that, in a sliding hour, they are kept in Spam (reason `flood`) and one
 * summary e-mail, sent an hour after the first of them, says how many more arrived. A studio hears from a few
 * people a day: this stops a flood from 200 networks emptying the SMTP quota and burying the owner's mail.
 */
export const CONTACT_FLOOD = { max: 20, windowMs: 60 * 60 * 1000 } as const;

/**
 * Spam is deleted this many days after it was put there (as it arrived, or by the owner), by the upkeep of the first
 * server process (server/services/content/spam.ts); so are the counts of what SPAM_DAILY_MAX left out.
 */
export const SPAM_RETENTION_DAYS = 30;

/**
 * What the owner deletes (a project, post, client, team member, message or library image) stays in the Trash this
 * many days, with its images, before the upkeep of the first server process deletes it for good (server/services/trash/).
 */
export const TRASH_RETENTION_DAYS = 30;

/** What the Trash holds, as its API names them (`/api/trash/{kind}/{id}`). */
export const TRASH_KINDS = ['project', 'blog', 'client', 'team-member', 'contact', 'media'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** Each kind as the Trash page names it. */
export const TRASH_KIND_LABELS: Record<TrashKind, string> = {
  project: 'Project',
  blog: 'Post',
  client: 'Client',
  'team-member': 'Team member',
  contact: 'Message',
  media: 'Media',
};

/**
 * Messages put in Spam as they arrive (SPAM_REASONS), at most, for the whole site per day (SITE_TIME_ZONE); past
 * that they are not stored, only counted per day, and the Spam view says how many. The per-network contact limit
 * still lets 100 networks leave thousands a day (some 4.7 KB each); a studio's real messages, even in a flood
 * (CONTACT_FLOOD), are far fewer: this bounds Spam to some 28 MB over SPAM_RETENTION_DAYS.
 */
export const SPAM_DAILY_MAX = 200;

/** A contact form posted sooner than this after it was drawn is taken for a bot. */
export const CONTACT_MIN_FILL_MS = 2000;

/** Messages on one page of the dashboard's inbox. */
export const INBOX_PAGE_SIZE = 20;
/** The most messages one bulk request may name: one transaction stays short, one request stays small. */
export const CONTACT_BULK_MAX_IDS = 100;
/** The inbox's search box: longer text is not a search a person types. */
export const INBOX_SEARCH_MAX_LENGTH = 200;
export const INBOX_VIEWS = ['inbox', 'spam'] as const;

/**
 * The e-mail sent to the owner for each new contact message (issue 14). A failed attempt is retried after
 * `retryBaseMs`, doubled per attempt up to `retryMaxMs`; after `maxAttempts` (about a day at the defaults),
 * or on an SMTP answer that says never (5xx), it is given up. NOTIFY_RETRY_BASE_MS changes the base.
 */
export const NOTIFY_RETRY = {
  retryBaseMs: 30 * 1000,
  retryMaxMs: 60 * 60 * 1000,
  maxAttempts: 30,
  /** How often each server looks for e-mail that is due (a new message is sent at once by its own server). */
  pollMs: 5 * 1000,
  /**
   * How long a claimed e-mail stays another server's: longer than one attempt can take (the SMTP timeouts
   * add up to under a minute), so an e-mail is sent twice only when its server died mid-attempt.
   */
  claimMs: 2 * 60 * 1000,
} as const;

export const NOTIFICATION_STATES = ['pending', 'sent', 'failed'] as const;

/**
 * What went wrong with an e-mail, as the owner is told it (server/services/mail/smtp-failure.ts): the mail server
 * could not be reached, refused the login, the secure connection failed, an address was refused, the server said
 * no for another reason, or something else.
 */
export const SMTP_FAILURE_KINDS = ['unreachable', 'login', 'tls', 'address', 'refused', 'unknown'] as const;
export type SmtpFailureKind = (typeof SMTP_FAILURE_KINDS)[number];

/**
 * Settings' "Send a test e-mail" waits for the mail server's answer while the owner watches the button: this long
 * at most, whatever each step's own timeout, so a silent server is reported rather than left spinning.
 */
export const TEST_EMAIL_TIMEOUT_MS = 15 * 1000;

/** What an outbox row e-mails: one message, or the summary of a flood (CONTACT_FLOOD). */
export const OUTBOX_KINDS = ['contact', 'flood-summary'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface RateLimit {
  max: number;
  windowMs: number;
  /**
   * When set, a network (an IPv6 /48, an IPv4 /24: client-key.ts) is counted too, and may do this many times
   * what one address may: one holder of a /48 has 65,536 /64s, each counted apart by `max` alone.
   */
  networkMultiple?: number;
}

/**
 * What one client address may do within a window. The specification is
 * silent; these leave a person plenty of room and stop a script.
 */
export const RATE_LIMITS = {
  /** Failed sign-ins. */
  login: { max: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS, networkMultiple: 4 },
  /** Contact messages: a visitor sends one or two. */
  contact: { max: 5, windowMs: 10 * 60 * 1000, networkMultiple: 4 },
  /** The administrator's writes that carry files (multipart requests). */
  upload: { max: 100, windowMs: 10 * 60 * 1000 },
  /** Test e-mails from Settings: enough to fix SMTP_URL and try again, too few to spam the owner's mailbox. */
  testEmail: { max: 5, windowMs: 60 * 1000 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Failed sign-ins per account (the name typed), from browsers that have never signed in to it, whatever
 * their address: a botnet or a whole IPv6 /64 gets these together, not each its own RATE_LIMITS.login.
 * The first `freeFailures` in the window pass; after that each attempt waits `firstDelayMs`, doubled per
 * further failure up to `maxDelayMs`, after the last failure. A successful sign-in clears the count, and
 * the owner's known browsers (device cookie) are never delayed by it.
 */
export const ACCOUNT_SIGN_IN_THROTTLE = {
  freeFailures: 10,
  windowMs: 24 * 60 * 60 * 1000,
  firstDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
} as const;

/** How long a browser stays known after its last sign-in (the device cookie's lifetime). */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export const FALLBACK_IMAGE = '/placeholder.svg';

/**
 * The studio's time zone, unless SITE_TIME_ZONE names another: every date and time a person reads is shown in
 * the site's zone, and the day boundaries (visits, "today") follow it (core/site-time.ts).
 */
export const DEFAULT_SITE_TIME_ZONE = 'Asia/Thimphu';

export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export type ClientCategory = (typeof CLIENT_CATEGORIES)[number];
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export type InboxView = (typeof INBOX_VIEWS)[number];
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/**
 * Private visit counting (issue 23, decision 019). Raw page views are kept ANALYTICS_RETENTION_DAYS (this by
 * default), daily rollups for good. A beacon is written in batches: at most `queueMax` wait in memory (more are
 * dropped and counted), flushed every `flushMs` or as soon as `batchSize` wait.
 */
export const VISIT_RETENTION_DAYS = 30;
export const VISIT_QUEUE = { queueMax: 5000, batchSize: 200, flushMs: 1000 } as const;
/**
 * Page views one client (its address, an IPv6 one by its /64) may add in a window; more are dropped and
 * counted. Counted in each process's memory, not the database: writing a row per beacon is what batching avoids.
 * At most `keys` clients (and as many networks) are tracked, about 6 MB each when full; past that the oldest window
 * makes room for a newcomer (server/services/visits/beacon-limit.ts).
 */
export const VISIT_BEACON_LIMIT = { max: 60, windowMs: 10 * 60 * 1000, keys: 50_000 } as const;
/**
 * Beyond one client: a network (an IPv6 /48, an IPv4 /24: client-key.ts) may add `networkMultiple` times a client's
 * page views in the same window (600 in 10 minutes), and the whole site `siteMultiple` times a client's in each
 * `siteWindowMs` (600 a minute, in each process); more are dropped and counted. A holder of a /48 has 65,536 /64s,
 * each its own client: without these, one /48 could add some 340 MB of views in 10 minutes. 600 views a minute (10 a
 * second) is far above a studio's busiest minute; kept 30 days, it bounds the raw views to about 5 GB per process.
 */
export const VISIT_WIDER_LIMITS = { networkMultiple: 10, siteMultiple: 10, siteWindowMs: 60 * 1000 } as const;
/**
 * A visit goes on while its page views are less than this apart: one that began before midnight (SITE_TIME_ZONE) keeps
 * its visitor, hashed with the day before's salt, until such a gap.
 */
export const VISIT_GAP_MS = 30 * 60 * 1000;
/** The beacon's body, at most: a path with its query and a referrer. */
export const VISIT_BEACON_MAX_BYTES = 2048;
/** Where the beacon posts (server/http/routes/visits.ts). */
export const VISIT_BEACON_PATH = '/api/event';

/**
 * The backups the server makes by itself (decision 025): BACKUP_SCHEDULE (core/backup-schedule.ts) and how many
 * of them are kept, on the server and in the bucket each (BACKUP_KEEP).
 */
export const DEFAULT_BACKUP_SCHEDULE = 'daily 02:00';
export const DEFAULT_BACKUP_KEEP = 14;
/**
 * A failed backup is tried again this long after each failure (5, 15, then 60 minutes), then at the next
 * scheduled time: a full disk or a bucket down for a moment gets a backup the same night, without retrying a
 * lasting fault every few minutes.
 */
export const BACKUP_RETRY_DELAYS_MS = [5, 15, 60].map((minutes) => minutes * 60 * 1000);
/** How often the server looks whether a backup is due; a scheduled time is kept to this within. */
export const BACKUP_CHECK_EVERY_MS = 60 * 1000;
/**
 * "Back up now" makes at most one backup in this long for the whole site (issue 34): each is a snapshot of the
 * database and every image, so a button pressed again and again would fill the disk and the bucket.
 */
export const MANUAL_BACKUP_EVERY_MS = 10 * 60 * 1000;
/**
 * The newest this many backups made with "Back up now" are kept, on the server and in the bucket each, apart from
 * the BACKUP_KEEP scheduled ones, which they never push out.
 */
export const MANUAL_BACKUPS_KEPT = 3;
/** BACKUP_PASSPHRASE, at least: an encrypted backup can be attacked offline, for as long as its thief likes. */
export const BACKUP_PASSPHRASE_MIN_LENGTH = 12;

/**
 * What went wrong with a backup, as the owner is told it (server/services/backups/backup-failure.ts): the backups
 * folder could not be written, the disk is full, the copy to the bucket failed, the database could not be read,
 * pg_dump failed, or something else.
 */
export const BACKUP_FAILURE_KINDS = ['folder', 'disk-full', 'bucket', 'database', 'pg-dump', 'unknown'] as const;
export type BackupFailureKind = (typeof BACKUP_FAILURE_KINDS)[number];

/**
 * Why a restore from the dashboard was refused with nothing changed (server/services/backups/restore-check.ts):
 * encrypted and the server has no passphrase, the passphrase does not open it, damaged, not a backup of this site,
 * the disk full, a backup or restore under way; or checked, but not swapped in (the swap, or the start on the
 * restored data, failed), the site started again on its data as it was.
 */
export const RESTORE_REFUSAL_KINDS = [
  'no-passphrase',
  'wrong-passphrase',
  'damaged',
  'not-a-backup',
  'disk-full',
  'busy',
  'not-swapped',
] as const;
export type RestoreRefusalKind = (typeof RESTORE_REFUSAL_KINDS)[number];
/**
 * The largest archive the Backups page takes for a restore: a studio's whole site, images included, with room to
 * spare. It is written to a file in DATA_DIR as it arrives, and extracted beside it: the disk needs twice as much.
 */
export const RESTORE_UPLOAD_MAX_GB = 4;
export const RESTORE_UPLOAD_MAX_BYTES = RESTORE_UPLOAD_MAX_GB * 1024 ** 3;
