import { describe, expect, it } from 'vitest';
import { deleteLibraryMedia, listLibraryMedia, uploadLibraryMedia } from '../../server/services/media/media';
import { contextPerTest } from '../support/domain-context';
import { imageFile } from '../support/domain-factories';

const site = contextPerTest();

describe('the media library', () => {
  it('deletes an item and its files', async () => {
    const [item] = await uploadLibraryMedia(site.ctx, [await imageFile('x.jpg', 500, 500)]);
    const stored = async () => (await site.ctx.storage.list()).map((entry) => entry.name);
    expect(await stored()).toContain(item!.url);
    await deleteLibraryMedia(site.ctx, item!.id);
    expect(await stored()).not.toContain(item!.url);
    expect(await listLibraryMedia(site.ctx)).toEqual([]);
    await expect(deleteLibraryMedia(site.ctx, item!.id)).rejects.toMatchObject({ status: 404 });
  });
});
