import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database tables as Kysely sees them (camelCase here, snake_case in the
 * database through CamelCasePlugin). Timestamps are ISO-8601 UTC strings;
 * booleans are 0/1 integers, turned into booleans by the services.
 */

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
  /** Who owns the file: 'library', 'project', 'blog', 'client', 'team', 'settings'. */
  purpose: string;
  createdAt: string;
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
  date: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectImagesTable {
  projectId: number;
  mediaId: number;
  position: number;
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
  date: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
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
}

export interface TeamMembersTable {
  id: Generated<number>;
  name: string;
  title: string;
  position: string;
  imageMediaId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ContactsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: string;
  ip: string;
  createdAt: string;
  updatedAt: string;
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
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked database holds no usable session. */
  id: string;
  adminId: number;
  createdAt: string;
  expiresAt: string;
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
  siteSettings: SiteSettingsTable;
  contentVersion: ContentVersionTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  knownDevices: KnownDevicesTable;
  rateLimitHits: RateLimitHitsTable;
}

export type MediaItemRow = Selectable<MediaItemsTable>;
export type NewMediaItem = Insertable<MediaItemsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectPatch = Updateable<ProjectsTable>;
