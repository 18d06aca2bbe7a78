import { describe, expect, it } from 'vitest';
import {
  deleteLibraryMedia,
  listLibraryMedia,
  removeUnreferencedImageFiles,
  uploadLibraryMedia,
} from '../../server/services/media/media';
import { deleteFromTrash } from '../../server/services/trash/trash';
import { contextPerTest } from '../support/domain-context';
import { addLibraryImage, imageFile } from '../support/domain-factories';
import { makeImage } from '../support/images';

const site = contextPerTest();

describe('the media library', () => {
  it('stores GIF and AVIF as JPEG, JPEG as JPEG, scaled to fit 1200 px, with the name it came with', async () => {
    const files = [
      { buffer: await makeImage(1600, 900), originalName: 'wide.jpg' },
      { buffer: await makeImage(300, 300, 'gif'), originalName: 'anim.gif' },
      { buffer: await makeImage(300, 200, 'avif'), originalName: 'photo.avif' },
    ];
    const uploaded = await uploadLibraryMedia(site.ctx, files);
    expect(uploaded.every((item) => item.url.endsWith('.jpg'))).toBe(true);
    expect(uploaded[0]).toMatchObject({ name: 'wide.jpg', type: 'image/jpeg', width: 1200 });
    expect(await listLibraryMedia(site.ctx)).toEqual(expect.arrayContaining(uploaded));
  });

  it('moves a deleted item to the Trash, out of the library, and its files go when it is deleted forever', async () => {
    const item = await addLibraryImage(site.ctx, await imageFile('x.jpg', 500, 500));
    const stored = async () => (await site.ctx.storage.list()).map((entry) => entry.name);
    expect(await stored()).toContain(item.url);
    await deleteLibraryMedia(site.ctx, item.id);
    expect(await listLibraryMedia(site.ctx)).toEqual([]);
    expect(await stored()).toContain(item.url);
    // The start-up sweep keeps what the Trash holds.
    expect(await removeUnreferencedImageFiles(site.ctx.db, site.ctx.storage, new Date(Date.now() + 86_400_000))).toBe(
      0,
    );
    await expect(deleteLibraryMedia(site.ctx, item.id)).rejects.toMatchObject({ status: 404 });
    await deleteFromTrash(site.ctx, 'media', item.id);
    expect(await stored()).not.toContain(item.url);
  });
});
