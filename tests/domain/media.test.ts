import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteLibraryMedia, listLibraryMedia, uploadLibraryMedia } from '../../server/services/media';
import { type DomainContext, openDomainContext } from '../support/domain-context';
import { imageFile } from '../support/domain-factories';

let ctx: DomainContext;

beforeEach(async () => {
  ctx = await openDomainContext();
});
afterEach(() => ctx.close());

describe('the media library', () => {
  it('deletes an item and its files', async () => {
    const [item] = await uploadLibraryMedia(ctx, [await imageFile('x.jpg', 500, 500)]);
    const stored = async () => (await ctx.storage.list()).map((entry) => entry.name);
    expect(await stored()).toContain(item!.url);
    await deleteLibraryMedia(ctx, item!.id);
    expect(await stored()).not.toContain(item!.url);
    expect(await listLibraryMedia(ctx)).toEqual([]);
    await expect(deleteLibraryMedia(ctx, item!.id)).rejects.toMatchObject({ status: 404 });
  });
});
