import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../core/types';
import { api } from '../support/api-client';
import { adminOf, createClient, createProject, jpeg } from '../support/factories';
import { startSignedIn, type TestServer } from '../support/test-server';

let server: TestServer;
const projects: Project[] = [];

/** The data React hydrates from: React Router's turbo-stream, sent as string literals in inline scripts. */
function hydrationData(html: string): string {
  return [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)]
    .map(([, literal]) => JSON.parse(literal!) as string)
    .join('');
}

beforeAll(async () => {
  let cookie: string;
  ({ server, cookie } = await startSignedIn());
  const admin = adminOf(server, cookie);
  const flagsOf: Record<string, string>[] = [{ featured: 'true' }, { featured: 'true', showInRecent: 'true' }, {}];
  for (const [index, flags] of flagsOf.entries()) {
    const fields = { title: `Project ${index}`, description: `Described ${index}.`, ...flags };
    projects.push(await createProject(admin, fields, 3));
  }
  await createClient(
    admin,
    { name: 'Highland Bank', website: 'https://bank.example.bt' },
    await jpeg('logo.jpg', 600, 300),
  );
});
afterAll(() => server?.stop());

describe('the home page’s hydration data (issue 28)', () => {
  it('holds each project as its card: the cover’s srcsets, no variant list, no other image, no unshown field', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const data = hydrationData(html);
    expect(data).toContain('featuredProjects');
    for (const key of ['variants', 'imageDetails', 'logoDetails', 'website', 'createdAt', 'designTeam']) {
      expect(data, key).not.toContain(`"${key}"`);
    }
    for (const project of projects.filter((shown) => shown.featured || shown.showInRecent)) {
      const [cover, ...others] = project.imageDetails;
      expect(data).toContain(`/uploads/${cover!.variants[0]!.path} ${cover!.variants[0]!.width}w`);
      for (const other of others) expect(data).not.toContain(other.path.replace(/\.\w+$/, ''));
      expect(data).not.toContain(project.description);
    }
    expect(data).not.toContain('https://bank.example.bt');
  });

  it('stays within its budget: 600 bytes a card, where whole records took some 1,400', async () => {
    const data = hydrationData(await (await fetch(`${server.url}/`)).text());
    // Two featured projects, one recent and one client logo (3,376 bytes in all, 7,684 before issue 28); the
    // testimonials, texts and settings, some 2,000 bytes, are the same on every site.
    const cards = 2 + 1 + 1;
    expect(data.length).toBeLessThan(2000 + 600 * cards);
  });

  it('leaves the API as it was: featured projects keep every image with every variant', async () => {
    const featured = await api<{ data: Project[] }>(server, 'GET', '/api/projects/featured');
    expect(featured.body.data.length).toBe(2);
    for (const project of featured.body.data) {
      expect(project.description).toMatch(/^Described/);
      expect(project.imageDetails).toHaveLength(3);
      expect(project.imageDetails.every((image) => image.variants.length > 0)).toBe(true);
    }
  });
});
