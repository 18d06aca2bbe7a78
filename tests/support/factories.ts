import type { APIRequestContext } from '@playwright/test';
import type { Blog, Client, MediaItem, Project, TeamMember } from '../../core/types';
import { api, form } from './api-client';
import { imageBlob, makeImage } from './images';
import type { TestServer } from './test-server';

/**
 * Test rows with valid defaults, for API tests (a spawned TestServer and the session cookie) and browser
 * tests (the page's request context, which holds the cookie, with the site's Origin) alike. Each test
 * overrides only the fields it is about.
 */

export interface Answer<T> {
  status: number;
  body: T;
}

export interface UploadFile {
  data: Blob;
  name: string;
}

/** How a factory reaches the API as the signed-in administrator. */
export interface Admin {
  post<T>(path: string, body: FormData | Record<string, unknown>): Promise<Answer<T>>;
  delete(path: string): Promise<number>;
}

export function adminOf(server: TestServer, cookie: string): Admin {
  return {
    post: (path, body) =>
      api(server, 'POST', path, body instanceof FormData ? { cookie, form: body } : { cookie, json: body }),
    delete: async (path) => (await api(server, 'DELETE', path, { cookie })).status,
  };
}

export function adminThrough(request: APIRequestContext, origin: string): Admin {
  const headers = { origin };
  return {
    async post<T>(path: string, body: FormData | Record<string, unknown>) {
      const response = await request.post(
        path,
        body instanceof FormData ? { multipart: body, headers } : { data: body, headers },
      );
      const text = await response.text();
      return { status: response.status(), body: (text ? JSON.parse(text) : null) as T };
    },
    delete: async (path) => (await request.delete(path, { headers })).status(),
  };
}

/** A real JPEG, by default large enough for every variant size. */
export async function jpeg(name = 'a.jpg', width = 1600, height = 1200): Promise<UploadFile> {
  return { data: imageBlob(await makeImage(width, height)), name };
}

/** Small ones, their sizes differing so that several images of one row are different files. */
async function jpegs(count: number): Promise<UploadFile[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => jpeg(`photo-${index}.jpg`, 600 + index * 10, 400)));
}

async function created<T>(answer: Promise<Answer<{ data: T }>>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 201) throw new Error(`creating ${what} answered ${status}: ${JSON.stringify(body)}`);
  return body.data;
}

export const PROJECT_DEFAULTS = {
  title: 'Test Project',
  description: 'A test project.',
  year: '2023',
  location: 'Thimphu',
  category: 'Office',
};

/**
 * Posts a project of exactly these fields (the defaults are not added), for the tests about validation.
 * `images`: the files, or how many generated ones (one by default).
 */
export async function sendProjectFields(
  admin: Admin,
  fields: Record<string, string>,
  images: UploadFile[] | number = 1,
): Promise<Answer<{ data: Project }>> {
  const files = typeof images === 'number' ? await jpegs(images) : images;
  return admin.post('/api/projects', form(fields, { images: files }));
}

export function sendProject(
  admin: Admin,
  fields: Record<string, string> = {},
  images?: UploadFile[] | number,
): Promise<Answer<{ data: Project }>> {
  return sendProjectFields(admin, { ...PROJECT_DEFAULTS, ...fields }, images);
}

export function createProject(
  admin: Admin,
  fields: Record<string, string> = {},
  images?: UploadFile[] | number,
): Promise<Project> {
  return created(sendProject(admin, fields, images), 'a project');
}

/** A valid post, for the API and the services alike. */
export const POST_DEFAULTS = {
  title: 'Building with rammed earth',
  author: 'Karma Wangchuk',
  category: 'Sustainability',
  excerpt: 'Why earth walls suit the valley.',
  content: '<h2>Earth</h2><p>Thick walls keep the <strong>warmth</strong>.</p>',
};

export function createPost(admin: Admin, fields: Record<string, unknown> = {}): Promise<Blog> {
  return created(admin.post('/api/blogs', { ...POST_DEFAULTS, ...fields }), 'a post');
}

export const CLIENT_DEFAULTS = { name: 'Test Client' };

export function createClient(admin: Admin, fields: Record<string, string> = {}, logo?: UploadFile): Promise<Client> {
  const client = form({ ...CLIENT_DEFAULTS, ...fields }, { logo: logo ? [logo] : [] });
  return created(admin.post('/api/clients', client), 'a client');
}

export const TEAM_MEMBER_DEFAULTS = { name: 'Test Member', title: 'Engineer', position: 'Site' };

export function createTeamMember(
  admin: Admin,
  fields: Record<string, string> = {},
  photo?: UploadFile,
): Promise<TeamMember> {
  const member = { ...TEAM_MEMBER_DEFAULTS, ...fields };
  return created(admin.post('/api/team-members', form(member, { image: photo ? [photo] : [] })), 'a team member');
}

/** A valid testimonial, for the API and the services alike. */
export const TESTIMONIAL_DEFAULTS = { name: 'Pema Lhamo', quote: 'A new quote from Haa.', title: 'Teacher, Haa' };

/** A message as a person sends it through the contact form, for the API and the services alike. */
export const CONTACT_MESSAGE_DEFAULTS = {
  name: 'Tashi Dorji',
  email: 'tashi@example.bt',
  phone: '+975 17 00 00 00',
  message: 'We would like a house in Haa.',
};

export async function uploadMedia(admin: Admin, file: UploadFile): Promise<MediaItem> {
  const { status, body } = await admin.post<{ items: MediaItem[] }>('/api/media/upload', form({}, { images: [file] }));
  if (status !== 201) throw new Error(`uploading ${file.name} answered ${status}: ${JSON.stringify(body)}`);
  return body.items[0]!;
}
