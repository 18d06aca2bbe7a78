import type { Blog, Client, MediaItem, Project, TeamMember, Testimonial } from '../../core/types';
import type { ServiceContext, UploadedFile } from '../../server/services/context';
import { type BlogFiles, createBlog } from '../../server/services/content/blogs';
import { createClient } from '../../server/services/content/clients';
import { createContactMessage } from '../../server/services/content/contacts';
import { createProject } from '../../server/services/content/projects';
import { createTeamMember } from '../../server/services/content/team-members';
import { createTestimonial } from '../../server/services/content/testimonials';
import { uploadLibraryMedia } from '../../server/services/media/media';
import {
  CLIENT_DEFAULTS,
  CONTACT_MESSAGE_DEFAULTS,
  POST_DEFAULTS,
  PROJECT_DEFAULTS,
  TEAM_MEMBER_DEFAULTS,
  TESTIMONIAL_DEFAULTS,
} from './factories';
import { makeImage } from './images';

/**
 * Rows for domain tests, made by the services themselves with the defaults the API tests' factories use
 * (factories.ts); each test overrides only the fields it is about.
 */

/** A real JPEG as an upload; small by default, since most rules are not about the pixels. */
export async function imageFile(name = 'a.jpg', width = 300, height = 200): Promise<UploadedFile> {
  return { buffer: await makeImage(width, height), originalName: name };
}

/** Several, their sizes differing so that each is a different file. */
export function imageFiles(count: number): Promise<UploadedFile[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => imageFile(`photo-${index}.jpg`, 64 + index, 64)));
}

/** A project as the form sends it (text fields), with `images` generated ones (one by default). */
export async function addProject(
  ctx: ServiceContext,
  fields: Record<string, string> = {},
  images: UploadedFile[] | number = 1,
): Promise<Project> {
  const files = typeof images === 'number' ? await imageFiles(images) : images;
  return createProject(ctx, { ...PROJECT_DEFAULTS, ...fields }, files);
}

/** A blog post, published now unless `fields` say otherwise; no images unless `files` has some. */
export function addPost(ctx: ServiceContext, fields: Record<string, unknown> = {}, files?: BlogFiles): Promise<Blog> {
  return createBlog(ctx, { ...POST_DEFAULTS, ...fields }, files);
}

/** A client, Active and of category General unless `fields` say otherwise. */
export function addClient(
  ctx: ServiceContext,
  fields: Record<string, unknown> = {},
  logo?: UploadedFile,
): Promise<Client> {
  return createClient(ctx, { ...CLIENT_DEFAULTS, ...fields }, logo);
}

export function addTeamMember(
  ctx: ServiceContext,
  fields: Record<string, unknown> = {},
  photo?: UploadedFile,
): Promise<TeamMember> {
  return createTeamMember(ctx, { ...TEAM_MEMBER_DEFAULTS, ...fields }, photo);
}

/** A testimonial, added after the others. */
export function addTestimonial(ctx: ServiceContext, fields: Record<string, unknown> = {}): Promise<Testimonial> {
  return createTestimonial(ctx, { ...TESTIMONIAL_DEFAULTS, ...fields });
}

/** A message sent through the contact form from `ip` (counted against its rate limit, as a visitor's). */
export function addContactMessage(
  ctx: ServiceContext,
  fields: Record<string, unknown> = {},
  ip = '127.0.0.1',
): Promise<void> {
  return createContactMessage(ctx, { ...CONTACT_MESSAGE_DEFAULTS, ...fields }, { ip });
}

/** One image uploaded to the media library. */
export async function addLibraryImage(ctx: ServiceContext, file?: UploadedFile): Promise<MediaItem> {
  const [item] = await uploadLibraryMedia(ctx, [file ?? (await imageFile())]);
  return item!;
}
