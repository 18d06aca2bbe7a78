import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database tables as Kysely sees them (camelCase here, snake_case in the
 * database through CamelCasePlugin). Timestamps are ISO-8601 UTC strings;
 * booleans are 0/1 integers, turned into booleans by the services.
 */

/** Who owns a stored image (the media library, or an entity's own picture); also its folder under uploads/. */
export type MediaPurpose = 'library' | 'project' | 'blog' | 'client' | 'team' | 'settings';

export interface MediaItemsTable {
  id: Generated<number>;
  name: string;
  path: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  /** JSON array of ImageVariant. */
  variants: string;
  purpose: MediaPurpose;
  createdAt: string;
  /** The focal point, fractions of the width and height (0.5 and 0.5: the centre). */
  focalX: Generated<number>;
  focalY: Generated<number>;
  /** In the Trash since this time (TRASH_RETENTION_DAYS); null when it is not. */
  deletedAt: string | null;
}

export interface ProjectsTable {
  id: Generated<number>;
  title: string;
  description: string;
  year: number;
  location: string;
  category: string;
  status: string;
  client: string;
  designTeam: string;
  featured: number;
  showInRecent: number;
  coverMediaId: number | null;
  seoDescription: string | null;
  seoImage: string | null;
  date: string;
  createdAt: string;
  updatedAt: string;
  /** Public from this time on: null is a draft, a future time is scheduled. */
  publishedAt: string | null;
  /** The owner's order: a fractional key (decision 041), compared byte by byte. */
  sortKey: string;
  /** In the Trash since this time (TRASH_RETENTION_DAYS); null when it is not. */
  deletedAt: string | null;
}

export interface ProjectImagesTable {
  projectId: number;
  mediaId: number;
  /** The owner's order: a fractional key (decision 041), compared byte by byte. */
  sortKey: string;
  alt: string;
}

export interface BlogsTable {
  id: Generated<number>;
  title: string;
  content: string;
  excerpt: string;
  author: string;
  category: string;
  status: string;
  readTime: string;
  imageMediaId: number | null;
  seoDescription: string | null;
  seoImage: string | null;
  date: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** In the Trash since this time (TRASH_RETENTION_DAYS); null when it is not. */
  deletedAt: string | null;
}

export interface BlogImagesTable {
  blogId: number;
  mediaId: number;
  position: number;
}

export interface BlogTagsTable {
  blogId: number;
  tag: string;
  position: number;
}

export interface ClientsTable {
  id: Generated<number>;
  name: string;
  description: string;
  website: string;
  category: string;
  status: string;
  logoMediaId: number | null;
  createdAt: string;
  updatedAt: string;
  /** The owner's order: a fractional key (decision 041), compared byte by byte. */
  sortKey: string;
  /** In the Trash since this time (TRASH_RETENTION_DAYS); null when it is not. */
  deletedAt: string | null;
}

export interface TeamMembersTable {
  id: Generated<number>;
  name: string;
  title: string;
  position: string;
  imageMediaId: number | null;
  createdAt: string;
  updatedAt: string;
  /** The owner's order: a fractional key (decision 041), compared byte by byte. */
  sortKey: string;
  /** In the Trash since this time (TRASH_RETENTION_DAYS); null when it is not. */
  deletedAt: string | null;
}

export interface ContactsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: string;
  /** SpamReason, when the message was put in Spam as it arrived. */
  spamReason: string | null;
  ip: string;
  createdAt: string;
  updatedAt: string;
  /** In the Trash since this time (TRASH_RETENTION_DAYS); null when it is not. */
  deletedAt: string | null;
}

/** Messages not stored in Spam, per site day, as SPAM_DAILY_MAX had been reached. */
export interface SpamNotKeptTable {
  day: string;
  count: number;
}

/** One e-mail to the owner about a contact message, and how sending it went. */
export interface OutboxTable {
  id: Generated<number>;
  contactId: number;
  /** OutboxKind: the message's own e-mail, or the summary of the flood it opened. */
  kind: Generated<string>;
  /** NotificationState: pending, sent or failed (given up). */
  state: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface SiteSettingsTable {
  id: number;
  brandName: string;
  description: string;
  logoMediaId: number | null;
  contactEmail: string;
  phonePrimary: string;
  phoneSecondary: string;
  address: string;
  facebookUrl: string;
  instagramUrl: string;
  youtubeUrl: string;
  tiktokUrl: string;
  updatedAt: string;
  /** 1: visits are counted (decision 019); 0: the owner switched counting off. */
  countVisits: Generated<number>;
}

export interface TestimonialsTable {
  id: Generated<number>;
  name: string;
  quote: string;
  title: string;
  /** The owner's order: a fractional key (decision 041), compared byte by byte. */
  sortKey: string;
  createdAt: string;
  updatedAt: string;
}

/** The fixed-size lists of short texts: the core services, the core values, the "This is what we do" cards. */
export interface SiteTextCardsTable {
  cardGroup: string;
  slot: number;
  title: string;
  text: string;
}

/** One row (id 1). Null figures are counted from the data; a null founder is the first team member. */
export interface SiteTextsTable {
  id: number;
  homeAboutHeading: string;
  homeAboutText: string;
  aboutHeading: string;
  aboutText: string;
  founderMemberId: number | null;
  vision: string;
  mission: string;
  yearsOfExperience: number | null;
  workingHours: number | null;
  updatedAt: string;
}

/** The owner's SEO fields for a page without a parameter; null keeps the page's own. */
export interface PageSeoTable {
  path: string;
  description: string | null;
  image: string | null;
  updatedAt: string;
}

export interface ContentVersionTable {
  id: number;
  version: number;
}

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  createdAt: string;
  /** Base32 secret of the authenticator app; null while two-factor sign-in is off. */
  totpSecret: string | null;
  /** The secret being set up, until a code from the app confirms it. */
  totpPendingSecret: string | null;
  /** The 30-second step of the last code accepted, so that a code works once. */
  totpLastUsedStep: number | null;
  passwordChangedAt: string | null;
  /** 1 after a generated or reset password: nothing may be changed until the owner chooses one. */
  mustChangePassword: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked database holds no usable session. */
  id: string;
  adminId: number;
  createdAt: string;
  expiresAt: string;
  /** What the account page names the session by; never the id or its token. */
  publicId: string;
  userAgent: string;
  ip: string;
  /** Updated at most once a minute; a session unused for SESSION_IDLE_SECONDS ends. */
  lastSeenAt: string;
}

/** One-time codes that replace the authenticator's code; SHA-256 of the code, which is random enough. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  adminId: number;
  codeHash: string;
  createdAt: string;
  usedAt: string | null;
}

/** The sign-in history: never the name or password typed. */
export interface SignInEventsTable {
  id: Generated<number>;
  /** Null for a sign-in under an unknown name. */
  adminId: number | null;
  at: string;
  ip: string;
  userAgent: string;
  result: string;
}

/** A sign-in whose password was right, waiting for the authenticator's code. */
export interface SignInChallengesTable {
  /** SHA-256 of the challenge token the browser holds. */
  id: string;
  adminId: number;
  createdAt: string;
  expiresAt: string;
  failedAttempts: number;
}

/** A browser the administrator signed in on: the SHA-256 of its device cookie. */
export interface KnownDevicesTable {
  id: string;
  adminId: number;
  createdAt: string;
  lastUsedAt: string;
}

/** One request that a rate limit counted: a failed sign-in, a contact message, an upload. */
export interface RateLimitHitsTable {
  id: Generated<number>;
  bucket: string;
  /** The client's address. */
  clientKey: string;
  hitAt: string;
}

/**
 * One counted page view (decision 019). Never an address or a user agent: `visitor` is a hash of them with the
 * day's salt, the user agent leaves only its device class and browser family, and the address only its country.
 */
export interface VisitEventsTable {
  id: Generated<number>;
  at: string;
  /** The day in the studio's time zone (YYYY-MM-DD, Thimphu): the day the visitor's salt belongs to. */
  day: string;
  /** The page: a fixed page's path, `/project/{id}`, `/blog/{id}`, or `other`. */
  path: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** DeviceClass: phone, tablet or desktop. */
  device: string;
  /** BrowserFamily. */
  browser: string;
  /** The address's country, ISO 3166-1 alpha-2 (DB-IP's data, visit-country.ts); null when unknown. */
  country: string | null;
  visitor: string;
}

/** The random salt of one day's visitor hashes; deleted once the day before yesterday has passed. */
export interface VisitSaltsTable {
  day: string;
  salt: string;
  createdAt: string;
}

export interface VisitDailyTotalsTable {
  day: string;
  visitors: number;
  pageviews: number;
}

export interface VisitDailyPagesTable {
  day: string;
  path: string;
  visitors: number;
  pageviews: number;
}

/**
 * A day's views by one VisitDimension (referrer, utm_source, …, device, browser, country) and its value; the
 * country's unknown is `ZZ` (UNKNOWN_COUNTRY).
 */
export interface VisitDailyDimensionsTable {
  day: string;
  dimension: string;
  value: string;
  visitors: number;
  pageviews: number;
}

/** Beacons not kept, per day and VisitDropReason. */
export interface VisitDropsTable {
  day: string;
  reason: string;
  count: number;
}

/** DemoRecordKind: what the demo content made (migration 0011); `updatedAt` is the record's own as seeded. */
export interface DemoRecordsTable {
  kind: string;
  recordId: number;
  updatedAt: string | null;
}

/** The one row of the scheduled backups' state (migration 0012, decision 025). */
export interface BackupStatusTable {
  id: number;
  /** The next scheduled backup is the schedule's first time after this: the install, then each scheduled run. */
  scheduledFrom: string;
  /** Failed attempts since the last success: they decide when the next retry is (BACKUP_RETRY_DELAYS_MS). */
  failedAttempts: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  /** BackupFailureKind: the plain words come from it when the page is read. */
  lastFailureKind: string | null;
  /** The technical line: the error's code and message. */
  lastFailureDetail: string | null;
  /** The last backup made with "Back up now": the next is allowed MANUAL_BACKUP_EVERY_MS after it. */
  lastManualAt: string | null;
}

export interface Database {
  mediaItems: MediaItemsTable;
  projects: ProjectsTable;
  projectImages: ProjectImagesTable;
  blogs: BlogsTable;
  blogImages: BlogImagesTable;
  blogTags: BlogTagsTable;
  clients: ClientsTable;
  teamMembers: TeamMembersTable;
  contacts: ContactsTable;
  spamNotKept: SpamNotKeptTable;
  outbox: OutboxTable;
  siteSettings: SiteSettingsTable;
  contentVersion: ContentVersionTable;
  testimonials: TestimonialsTable;
  siteTextCards: SiteTextCardsTable;
  siteTexts: SiteTextsTable;
  pageSeo: PageSeoTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  knownDevices: KnownDevicesTable;
  recoveryCodes: RecoveryCodesTable;
  signInEvents: SignInEventsTable;
  signInChallenges: SignInChallengesTable;
  rateLimitHits: RateLimitHitsTable;
  visitEvents: VisitEventsTable;
  visitSalts: VisitSaltsTable;
  visitDailyTotals: VisitDailyTotalsTable;
  visitDailyPages: VisitDailyPagesTable;
  visitDailyDimensions: VisitDailyDimensionsTable;
  visitDrops: VisitDropsTable;
  demoRecords: DemoRecordsTable;
  backupStatus: BackupStatusTable;
}

/** A media row as the services read it; whether it is in the Trash is the Trash's to know. */
export type MediaItemRow = Omit<Selectable<MediaItemsTable>, 'deletedAt'>;
export type NewMediaItem = Insertable<MediaItemsTable>;
export type ProjectRow = Omit<Selectable<ProjectsTable>, 'deletedAt'>;
export type ProjectPatch = Updateable<ProjectsTable>;
