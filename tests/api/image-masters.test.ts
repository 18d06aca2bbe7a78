import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import type { MediaItem } from '../../core/types';
import { IMAGE_SIZES, PHONE } from '../../app/ui/image-sizes';
import { api } from '../support/api-client';
import { type Admin, adminOf, createProject, jpeg, uploadMedia } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

/** Issue 36 item 3: a master up to 2560 px beside the 1200×800 main image, variants up to 2400 px (decision 043). */

let server: TestServer;
let cookie: string;
let admin: Admin;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.login();
  admin = adminOf(server, cookie);
});
afterAll(() => server?.stop());

async function storedWidth(path: string): Promise<number> {
  const response = await fetch(`${server.url}/uploads/${path}`);
  expect(response.status).toBe(200);
  return (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width!;
}

/** The `srcset` candidates' widths, in order. */
function widthsOf(srcset: string): number[] {
  return srcset.split(', ').map((candidate) => Number(candidate.split(' ')[1]!.replace('w', '')));
}

describe('image masters', () => {
  it('keeps the main image within 1200×800 and makes variants up to 2400 px from a 3000×2000 upload', async () => {
    const project = await createProject(admin, { title: 'Sharp Lodge' }, [await jpeg('wide.jpg', 3000, 2000)]);
    const image = project.imageDetails[0]!;
    expect({ width: image.width, height: image.height }).toEqual({ width: 1200, height: 800 });
    expect(await storedWidth(image.path)).toBe(1200);
    const sized = image.variants.filter((variant) => !variant.crop);
    for (const format of ['avif', 'webp']) {
      expect(sized.filter((variant) => variant.format === format).map((variant) => variant.width)).toEqual([
        400, 800, 1200, 1600, 2400,
      ]);
    }
    for (const variant of sized) {
      expect(variant.height).toBe(Math.round((variant.width * 2) / 3));
      expect(await storedWidth(variant.path)).toBe(variant.width);
    }
  });

  it('never enlarges: a 1000 px upload gets no variant wider than 1000', async () => {
    const project = await createProject(admin, { title: 'Small Hut' }, [await jpeg('small.jpg', 1000, 700)]);
    const widths = project.imageDetails[0]!.variants.map((variant) => variant.width);
    expect(Math.max(...widths)).toBe(1000);
    expect(project.imageDetails[0]).toMatchObject({ width: 1000, height: 700 });
  });

  it('marks in the media library the images a larger original would make sharper', async () => {
    const fromMaster = await uploadMedia(admin, await jpeg('camera.jpg', 3000, 2000));
    const fitted = await uploadMedia(admin, await jpeg('fitted.jpg', 1200, 800));
    const small = await uploadMedia(admin, await jpeg('icon.jpg', 600, 400));
    const { body } = await api<{ data: MediaItem[] }>(server, 'GET', '/api/media', { cookie });
    const flag = (item: MediaItem) => body.data.find((listed) => listed.id === item.id)!.couldBeSharper;
    expect([flag(fromMaster), flag(fitted), flag(small)]).toEqual([false, true, false]);
    expect(MESSAGES.uploadAgainForSharper).toBe('Upload again for a sharper picture');
  });

  it("offers the hero's 2400 px variant to a wide screen and at most 1200 px to a phone", async () => {
    await createProject(admin, { title: 'Hero Dzong', featured: 'true' }, [await jpeg('hero.jpg', 3000, 2000)]);
    const html = await (await fetch(`${server.url}/`)).text();
    const sources = [...html.matchAll(/<source ([^>]*)>/g)].map((match) => {
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(match[1]!)?.[1]?.replace(/&amp;/g, '&');
      return {
        media: attribute('media'),
        type: attribute('type'),
        srcset: attribute('srcSet'),
        sizes: attribute('sizes'),
      };
    });
    const hero = sources.filter((source) => source.type === 'image/avif' && source.sizes === IMAGE_SIZES.hero);
    expect(hero.map((source) => source.media)).toEqual([PHONE, undefined]);
    expect(widthsOf(hero[0]!.srcset!)).toEqual([400, 800, 1200]);
    expect(widthsOf(hero[1]!.srcset!)).toEqual([400, 800, 1200, 1600, 2400]);
    // The preloads name the same candidates, each for its screens, so nothing is fetched twice.
    const preloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((match) => match[0]);
    expect(preloads).toHaveLength(2);
    expect(preloads[0]).toContain(`media="${PHONE}"`);
    expect(preloads[0]).not.toContain('1600w');
    expect(preloads[1]).toContain('2400w');
  });
});
