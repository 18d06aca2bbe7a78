import type { Project } from '../../core/types';
import type { ServiceContext, UploadedFile } from '../../server/services/context';
import { createProject } from '../../server/services/content/projects';
import { PROJECT_DEFAULTS } from './factories';
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
