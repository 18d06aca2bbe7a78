import type { BlogCategory, BlogStatus, ClientCategory, ClientStatus, ContactStatus, ProjectStatus } from './constants';

/**
 * The shapes the REST API answers with (SPEC section 3), shared by the server
 * that makes them and the pages that read them. Image fields hold paths
 * relative to /uploads/ (see `resolveImageUrl`).
 */

export interface ImageVariant {
  path: string;
  width: number;
  height: number;
  format: 'webp' | 'avif';
}

/** A stored image with what `srcset`, `width`, `height` and `alt` need. */
export interface ImageDetails {
  path: string;
  width: number;
  height: number;
  alt: string;
  variants: ImageVariant[];
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
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  date: string;
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
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: ContactStatus;
  createdAt: string;
  updatedAt: string;
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

export interface SiteStats {
  projects: number;
  clients: number;
  workingHours: number;
  years: number;
  publishedBlogs: number;
  draftBlogs: number;
  teamMembers: number;
}
