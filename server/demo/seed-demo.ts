import type { DemoContentCounts } from '../../core/demo-content';
import { createBlog } from '../services/content/blogs';
import { createClient } from '../services/content/clients';
import type { ServiceContext, UploadedFile } from '../services/context';
import { createProject, setProjectCover } from '../services/content/projects';
import { updateSiteSettings } from '../services/content/settings';
import { createTeamMember } from '../services/content/team-members';
import { demoBlogs, demoClients, type DemoImage, demoProjects, demoSettings, demoTeam } from './demo-content';
import { drawClientLogo, drawPortrait, drawProjectImage, drawStudioLogo } from './demo-drawings';
import { recordDemoRecord } from './demo-records';
import { sharp } from '../services/media/sharp';

/** Draws an SVG into the kind of file an administrator would upload. */
async function rasterise(svg: string, name: string, format: 'jpeg' | 'png'): Promise<UploadedFile> {
  const image = sharp(Buffer.from(svg));
  const buffer = format === 'jpeg' ? await image.jpeg({ quality: 92 }).toBuffer() : await image.png().toBuffer();
  return { buffer, originalName: `${name}.${format === 'jpeg' ? 'jpg' : 'png'}` };
}

/** A demo image as the JPEG an administrator would upload (1200×800, quality 92). */
export function drawImage(image: DemoImage): Promise<UploadedFile> {
  return rasterise(drawProjectImage(image.kind, image.seed), `${image.kind}-${image.seed}`, 'jpeg');
}

async function isEmpty(ctx: ServiceContext): Promise<boolean> {
  for (const table of ['projects', 'blogs', 'clients', 'teamMembers', 'siteSettings'] as const) {
    const row = await ctx.db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) return false;
  }
  return true;
}

/** Every image the demo stores: the logo, the projects', the posts' (featured and gallery), logos and portraits. */
const DEMO_IMAGE_COUNT =
  1 +
  demoProjects.reduce((sum, project) => sum + project.images.length, 0) +
  demoBlogs.reduce((sum, blog) => sum + 1 + blog.images.length, 0) +
  demoClients.length +
  demoTeam.length;

/** Told after each record is stored: how many of the demo's images are stored so far, of how many. */
type SeedingProgress = (stored: number, total: number) => void;

/**
 * Fills an empty database with a believable studio, through the same
 * services as the API, so demo content obeys every rule real content does.
 * Each record is noted in `demo_records` once made, for "Remove demo content"; a stop between the two leaves
 * that one record to be taken for the owner's. Answers what it made, or null when the database was not empty.
 */
export async function seedDemoContent(
  ctx: ServiceContext,
  onProgress: SeedingProgress = () => {},
): Promise<DemoContentCounts | null> {
  if (!(await isEmpty(ctx))) return null;
  let stored = 0;
  const progress = (images: number) => {
    stored += images;
    onProgress(stored, DEMO_IMAGE_COUNT);
  };
  progress(0);

  await updateSiteSettings(ctx, demoSettings, await rasterise(drawStudioLogo(), 'studio-logo', 'png'));
  await recordDemoRecord(ctx.db, 'settings', 1);
  const { logoMediaId } = await ctx.db
    .selectFrom('siteSettings')
    .select('logoMediaId')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  if (logoMediaId !== null) await recordDemoRecord(ctx.db, 'logo', logoMediaId);
  progress(1);

  // Oldest first, so the newest projects are the most recent rows.
  for (const project of [...demoProjects].sort((a, b) => a.year - b.year)) {
    const { images, coverIndex, ...fields } = project;
    const files = await Promise.all(images.map(drawImage));
    const created = await createProject(ctx, fields, files, { alts: images.map((image) => image.alt) });
    if (coverIndex !== undefined) await setProjectCover(ctx, created.id, created.images[coverIndex]!);
    await recordDemoRecord(ctx.db, 'project', created.id);
    progress(images.length);
  }

  for (const blog of demoBlogs) {
    const { image, images, ...fields } = blog;
    const created = await createBlog(ctx, fields, {
      image: await drawImage(image),
      images: await Promise.all(images.map(drawImage)),
    });
    await recordDemoRecord(ctx.db, 'blog', created.id);
    progress(1 + images.length);
  }

  for (const client of demoClients) {
    const { logoSeed, ...fields } = client;
    const logo = await rasterise(drawClientLogo(client.name, logoSeed), `logo-${logoSeed}`, 'png');
    await recordDemoRecord(ctx.db, 'client', (await createClient(ctx, fields, logo)).id);
    progress(1);
  }

  for (const member of demoTeam) {
    const { portraitSeed, ...fields } = member;
    const portrait = await rasterise(drawPortrait(member.name, portraitSeed), `portrait-${portraitSeed}`, 'jpeg');
    await recordDemoRecord(ctx.db, 'team-member', (await createTeamMember(ctx, fields, portrait)).id);
    progress(1);
  }
  return {
    projects: demoProjects.length,
    blogs: demoBlogs.length,
    clients: demoClients.length,
    teamMembers: demoTeam.length,
  };
}
