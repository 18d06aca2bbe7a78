import sharp from 'sharp';
import { createBlog } from '../services/content/blogs';
import { createClient } from '../services/content/clients';
import type { ServiceContext, UploadedFile } from '../services/context';
import { createProject, setProjectCover } from '../services/content/projects';
import { updateSiteSettings } from '../services/content/settings';
import { createTeamMember } from '../services/content/team-members';
import { demoBlogs, demoClients, type DemoImage, demoProjects, demoSettings, demoTeam } from './demo-content';
import { drawClientLogo, drawPortrait, drawProjectImage, drawStudioLogo } from './demo-drawings';

/** Draws an SVG into the kind of file an administrator would upload. */
async function rasterise(svg: string, name: string, format: 'jpeg' | 'png'): Promise<UploadedFile> {
  const image = sharp(Buffer.from(svg));
  const buffer = format === 'jpeg' ? await image.jpeg({ quality: 92 }).toBuffer() : await image.png().toBuffer();
  return { buffer, originalName: `${name}.${format === 'jpeg' ? 'jpg' : 'png'}` };
}

function drawImage(image: DemoImage): Promise<UploadedFile> {
  return rasterise(drawProjectImage(image.kind, image.seed), `${image.kind}-${image.seed}`, 'jpeg');
}

async function isEmpty(ctx: ServiceContext): Promise<boolean> {
  for (const table of ['projects', 'blogs', 'clients', 'teamMembers', 'siteSettings'] as const) {
    const row = await ctx.db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) return false;
  }
  return true;
}

/**
 * Fills an empty database with a believable studio, through the same
 * services as the API, so demo content obeys every rule real content does.
 * Returns whether it did.
 */
export async function seedDemoContent(ctx: ServiceContext): Promise<boolean> {
  if (!(await isEmpty(ctx))) return false;

  await updateSiteSettings(ctx, demoSettings, await rasterise(drawStudioLogo(), 'studio-logo', 'png'));

  // Oldest first, so the newest projects are the most recent rows.
  for (const project of [...demoProjects].sort((a, b) => a.year - b.year)) {
    const { images, coverIndex, ...fields } = project;
    const files = await Promise.all(images.map(drawImage));
    const created = await createProject(ctx, fields, files, { alts: images.map((image) => image.alt) });
    if (coverIndex !== undefined) await setProjectCover(ctx, created.id, created.images[coverIndex]!);
  }

  for (const blog of demoBlogs) {
    const { image, images, ...fields } = blog;
    await createBlog(ctx, fields, { image: await drawImage(image), images: await Promise.all(images.map(drawImage)) });
  }

  for (const client of demoClients) {
    const { logoSeed, ...fields } = client;
    await createClient(ctx, fields, await rasterise(drawClientLogo(client.name, logoSeed), `logo-${logoSeed}`, 'png'));
  }

  for (const member of demoTeam) {
    const { portraitSeed, ...fields } = member;
    await createTeamMember(
      ctx,
      fields,
      await rasterise(drawPortrait(member.name, portraitSeed), `portrait-${portraitSeed}`, 'jpeg'),
    );
  }
  return true;
}
