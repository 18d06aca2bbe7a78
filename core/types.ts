import type { FocalPoint } from './focal-point';
import type {
  BackupFailureKind,
  BlogCategory,
  BlogStatus,
  ClientCategory,
  ClientStatus,
  ContactStatus,
  InboxView,
  NotificationState,
  ProjectStatus,
  SmtpFailureKind,
  SpamReason,
  TrashKind,
} from './constants';

/**
 * The shapes the REST API answers with (SPEC section 3), shared by the server
 * that makes them and the pages that read them. Image fields hold paths
 * relative to /uploads/ (see `resolveImageUrl`).
 */

export interface ImageVariant {
  path: string;
  width: number;
  height: number;
  format: 'webp' | 'avif' | 'jpeg';
  /** A crop to fixed proportions around the focal point (the social image), not a size of the whole picture. */
  crop?: 'social';
}

/** A stored image with what `srcset`, `width`, `height` and `alt` need. */
export interface ImageDetails {
  path: string;
  width: number;
  height: number;
  alt: string;
  variants: ImageVariant[];
  /** The subject the crops keep (absent: the centre). */
  focal?: FocalPoint;
}

export interface Project {
  id: number;
  title: string;
  description: string;
  /** The cover image. */
  image: string;
  images: string[];
  imageDetails: ImageDetails[];
  year: number;
  location: string;
  category: string;
  status: ProjectStatus;
  client: string;
  designTeam: string;
  featured: boolean;
  showInRecent: boolean;
  date: string;
  createdAt: string;
  updatedAt: string;
  /** Public from this time on: null is a draft, a future time is scheduled. */
  publishedAt: string | null;
  /** The owner's meta description and social image; null falls back to what the page derives. */
  seoDescription: string | null;
  seoImage: string | null;
}

export interface Blog {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  author: string;
  category: BlogCategory;
  tags: string[];
  status: BlogStatus;
  readTime: string;
  image: string;
  imageDetails: ImageDetails | null;
  images: string[];
  /** The gallery's images with what `srcset` needs, in the order of `images`. */
  imagesDetails: ImageDetails[];
  createdAt: string;
  updatedAt: string;
  /** A published post is public from this time on: a future time is scheduled. */
  publishedAt: string | null;
  date: string;
  /** The owner's meta description and social image; null falls back to what the page derives. */
  seoDescription: string | null;
  seoImage: string | null;
}

export interface Client {
  id: number;
  name: string;
  description: string;
  website: string;
  category: ClientCategory;
  status: ClientStatus;
  logo: string;
  logoDetails: ImageDetails | null;
  createdAt: string;
}

export interface TeamMember {
  id: number;
  name: string;
  title: string;
  position: string;
  image: string;
  imageDetails: ImageDetails | null;
}

export interface MediaItem {
  id: number;
  name: string;
  url: string;
  type: string;
  size: number;
  width: number;
  height: number;
  uploadDate: string;
  focal: FocalPoint;
  /**
   * Stored before masters (decision 043), or from a file no larger: it fills 1200×800 and has no variant wider, so
   * uploading the original again would give a 2× screen a sharper picture.
   */
  couldBeSharper: boolean;
}

/** One thing in the Trash (GET /api/trash). */
export interface TrashItem {
  kind: TrashKind;
  id: number;
  /** The project's or post's title, the client's or member's name, the message's sender, the image's file name. */
  title: string;
  trashedAt: string;
  /** When the upkeep deletes it for good: TRASH_RETENTION_DAYS after trashedAt. */
  purgeAt: string;
  /** A stored image path (relative to /uploads/), when it has one. */
  thumbnail: string | null;
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: ContactStatus;
  /** Why it went to Spam as it arrived (kept if the owner moves it out); null when it did not. */
  spamReason: SpamReason | null;
  createdAt: string;
  updatedAt: string;
  /**
   * The e-mail to the owner about it; null when e-mail notifications were off as it arrived, it was a flood's, or it
   * was taken for spam as it arrived (spamReason a trap's) and has not been sent since (Send it now).
   */
  notification: ContactNotification | null;
}

export interface ContactNotification {
  state: NotificationState;
  attempts: number;
  /** When a pending e-mail is next tried. */
  nextAttemptAt: string;
  sentAt: string | null;
  /** Why the last attempt failed; null once sent, or before the first attempt. */
  lastFailure: SmtpFailure | null;
}

/** An e-mail the mail server did not take, in plain words for the owner and as the mail library reported it. */
export interface SmtpFailure {
  kind: SmtpFailureKind;
  /** One or two sentences for the owner, who is not a developer: what went wrong and which setting to look at. */
  message: string;
  /** The technical line (error codes, the SMTP command and answer), for whoever set the e-mail up. */
  detail: string;
}

/** Settings' view of the e-mail notifications: never the SMTP user name or password. */
export type EmailNotificationStatus =
  | { on: false }
  | {
      on: true;
      /** NOTIFY_EMAIL. */
      to: string;
      /** NOTIFY_FROM, or NOTIFY_EMAIL. */
      from: string;
      /** The mail server's host name from SMTP_URL. */
      host: string;
    };

/** The answer of POST /api/notifications/test-email: delivered to the mail server, or why not. */
export type TestEmailResult =
  { sent: true; to: string; sentAt: string } | { sent: false; to: string; failure: SmtpFailure };

/** One page of the inbox: the messages of one view, matching the search, newest first. */
export interface ContactMessagePage {
  data: ContactMessage[];
  view: InboxView;
  /** The search, trimmed. */
  q: string;
  page: number;
  pageSize: number;
  total: number;
}

export interface SiteSettings {
  brandName: string;
  description: string;
  logo: string;
  contactEmail: string;
  phonePrimary: string;
  phoneSecondary: string;
  address: string;
  facebookUrl: string;
  instagramUrl: string;
  youtubeUrl: string;
  tiktokUrl: string;
}

/** The public statistics: what visitors can see (no drafts, Active clients only). */
export interface SiteStats {
  projects: number;
  clients: number;
  workingHours: number;
  years: number;
}

/** The dashboard home's counts: everything, drafts included. */
export interface DashboardStats {
  projects: number;
  clients: number;
  publishedBlogs: number;
  draftBlogs: number;
  teamMembers: number;
}

export interface Testimonial {
  id: number;
  name: string;
  quote: string;
  title: string;
}

/** One card of a fixed-size list as the owner edits it: a core service, a core value, a "what we do" card. */
export interface TextCard {
  title: string;
  text: string;
}

/** A core service as SPEC §2 names it: its card's title is the name on the front, its text the back description. */
export interface CoreService {
  /** Its place among the six, from 1. */
  id: number;
  name: string;
  backDescription: string;
}

export interface SiteTexts {
  homeAboutHeading: string;
  /** `{brand}` in the About texts stands for the studio's name. */
  homeAboutText: string;
  aboutHeading: string;
  aboutText: string;
  /** The team member on the founder card; null means the first one. */
  founderMemberId: number | null;
  vision: string;
  mission: string;
  /** Figures the owner states; null means counted from the data as SPEC section 9 says. */
  yearsOfExperience: number | null;
  workingHours: number | null;
}

/** Everything the home and about pages say that the owner edits. */
export interface SiteContent {
  texts: SiteTexts;
  testimonials: Testimonial[];
  coreServices: CoreService[];
  coreValues: TextCard[];
  whatWeDo: TextCard[];
}

/** The owner's description and social image for a page; null keeps the page's own. */
export interface PageSeo {
  path: string;
  description: string | null;
  image: string | null;
}

/** One backup (decision 025), wherever its copies are: this server's backups folder, the bucket, or both. */
export interface BackupEntry {
  /**
   * Its file name, which says when it was made: studio-2026-11-25T20-00-00-000Z.tar.gz (or .pgdump), with
   * `-manual` before the extension for one made with "Back up now".
   */
  name: string;
  /** When it was made, ISO UTC. */
  createdAt: string;
  /** Made with "Back up now": kept apart from the scheduled ones (MANUAL_BACKUPS_KEPT). */
  manual: boolean;
  bytes: number;
  onServer: boolean;
  inBucket: boolean;
}

/** A backup that failed, in plain words for the owner and as the error said it. */
export interface BackupFailure {
  at: string;
  kind: BackupFailureKind;
  message: string;
  detail: string;
}

/** The Backups page, and `GET /api/backups`. */
export interface BackupOverview {
  /** BACKUP_SCHEDULE in words: "Every day at 02:00 Bhutan time." */
  schedule: string;
  /** What each backup is: the archive `npm run restore` reads, or pg_dump's file for pg_restore; null when none can be made. */
  format: 'archive' | 'pg-dump' | null;
  /** What the backups hold, in a sentence; or why the site cannot back itself up. */
  scope: string;
  /** The next automatic attempt (a retry or the schedule), ISO UTC; null when there is none. */
  nextRunAt: string | null;
  /** BACKUP_KEEP: the scheduled backups kept, on the server and in the bucket each. */
  keep: number;
  /** The backups made with "Back up now" kept apart from those, in each place. */
  manualKept: number;
  /** BACKUP_S3_BUCKET, when backups are copied there. */
  bucket: string | null;
  /** The bucket could not be listed just now: its copies are missing from `backups`. */
  bucketProblem: { message: string; detail: string } | null;
  /** Newest first. */
  backups: BackupEntry[];
  lastSuccessAt: string | null;
  lastFailure: BackupFailure | null;
  /** Failed attempts since the last success: 0 when the last attempt succeeded. */
  failedAttempts: number;
}

/** `POST /api/backups`: the backup made, or why it was not. */
export type BackupResult = { made: true; backup: BackupEntry } | { made: false; failure: BackupFailure };

/** `POST /api/backups/restore` and `/api/backups/{name}/restore`: checked, and being swapped in (decision 037). */
export interface RestoreStarted {
  /** Asked for with `GET /api/backups/restore/{id}` until the site is back. */
  id: string;
  /** The backup's time: what the site's content goes back to. */
  createdAt: string;
}

/**
 * `GET /api/backups/restore/{id}`, while the administrator is still signed in: the restore is under way (the site
 * has not stopped yet), or it was not swapped in and the site runs on its data as it was. Once it is done, every
 * session has ended and the answer is a 401.
 */
export type RestoreStatus = { state: 'under-way' } | { state: 'not-swapped'; message: string; detail: string };
