import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import {
  addProjectImages,
  arrangeProjectImages,
  deleteProject,
  getProject,
  listProjects,
  removeProjectImage,
  setProjectCover,
  updateProject,
} from '../../server/services/projects';
import { type DomainContext, openDomainContext } from '../support/domain-context';
import { addProject, imageFile, imageFiles } from '../support/domain-factories';

let ctx: DomainContext;

beforeEach(async () => {
  ctx = await openDomainContext();
});
afterEach(() => ctx.close());

/** Whether the storage (DATA_DIR/uploads or the bucket) holds the file. */
async function stored(name: string): Promise<boolean> {
  return (await ctx.storage.list()).some((entry) => entry.name === name);
}

describe('reading projects', () => {
  it('lists newest first and filters exactly', async () => {
    await addProject(ctx, { location: 'Paro', year: '2024', category: 'Private Homes' });
    const thimphu = await addProject(ctx, { location: 'Thimphu', year: '2022', category: 'Office' });
    expect((await listProjects(ctx))[0]!.id).toBe(thimphu.id);
    const filtered = await listProjects(ctx, { location: 'Thimphu', year: 2022, category: 'Office' });
    expect(filtered.map((project) => project.id)).toEqual([thimphu.id]);
    expect(await listProjects(ctx, { location: 'Thimph' })).toEqual([]);
  });
});

describe('changing a project', () => {
  it('updates the fields sent and keeps the rest', async () => {
    const project = await addProject(ctx, { title: 'Paro Farmhouse' }, 2);
    const updated = await updateProject(ctx, project.id, { status: 'Completed', showInRecent: 'true' });
    expect(updated).toMatchObject({ title: 'Paro Farmhouse', status: 'Completed', showInRecent: true });
    expect(updated.images).toEqual(project.images);
    expect((await updateProject(ctx, project.id, { featured: true })).featured).toBe(true);
  });

  it('replaces the old images with new ones and removes the old files', async () => {
    const project = await addProject(ctx, {}, 2);
    const updated = await updateProject(ctx, project.id, { title: 'Renamed' }, [await imageFile('new.jpg')]);
    expect(updated.images).toHaveLength(1);
    expect(updated.images[0]).not.toBe(project.images[0]);
    for (const file of project.images) expect(await stored(file)).toBe(false);
  });

  it('keeps the project as it was when an update is invalid', async () => {
    const project = await addProject(ctx, {}, 2);
    await expect(
      updateProject(ctx, project.id, { title: '', status: 'Completed' }, [await imageFile('x.jpg')]),
    ).rejects.toMatchObject({ status: 400 });
    expect(await getProject(ctx, project.id, { includeDrafts: true })).toEqual(project);
    for (const file of project.images) expect(await stored(file)).toBe(true);
  });

  it('sets the cover from one of its images, given as a path or a full URL', async () => {
    const project = await addProject(ctx, {}, 2);
    const [first, second] = project.images as [string, string];
    expect((await setProjectCover(ctx, project.id, second)).image).toBe(second);
    const byUrl = await setProjectCover(ctx, project.id, `${ctx.config.siteUrl}/uploads/${first}`);
    expect(byUrl.image).toBe(first);
    await expect(setProjectCover(ctx, project.id, 'elsewhere.jpg')).rejects.toMatchObject({ status: 400 });
  });

  it('removes one image and answers the updated project, but never the last', async () => {
    const project = await addProject(ctx, {}, 2);
    const [first, second] = project.images as [string, string];
    const removed = await removeProjectImage(ctx, project.id, first);
    expect(removed).toMatchObject({ id: project.id, images: [second], image: second });
    expect(await stored(first)).toBe(false);
    await expect(removeProjectImage(ctx, project.id, second)).rejects.toMatchObject({ status: 400 });
  });

  it('adds images after the others, up to 10 in all', async () => {
    const project = await addProject(ctx, {}, 2);
    const added = await addProjectImages(ctx, project.id, await imageFiles(2));
    expect(added.newImages).toHaveLength(2);
    expect(added.project.images).toEqual([...project.images, ...added.newImages]);
    await expect(addProjectImages(ctx, project.id, await imageFiles(7))).rejects.toMatchObject({ status: 400 });
  });

  it('refuses an arrangement that is not exactly the current images, changing nothing', async () => {
    const project = await addProject(ctx, {}, 2);
    const [a, b] = project.images as [string, string];
    const attempts = [[b], [b, b], [b, a, 'elsewhere.jpg'], [b, 'elsewhere.jpg']];
    for (const urls of attempts) {
      const images = urls.map((imageUrl) => ({ imageUrl, alt: '' }));
      await expect(arrangeProjectImages(ctx, project.id, images)).rejects.toMatchObject({
        status: 400,
        message: MESSAGES.imagesMustMatchProject,
      });
    }
    await expect(arrangeProjectImages(ctx, 999_999, [{ imageUrl: a, alt: '' }])).rejects.toMatchObject({
      status: 404,
      message: 'Project not found',
    });
    expect(await getProject(ctx, project.id, { includeDrafts: true })).toEqual(project);
  });

  it('deletes a project with its files', async () => {
    const project = await addProject(ctx, {}, 2);
    const files = project.imageDetails.flatMap((image) => [
      image.path,
      ...image.variants.map((variant) => variant.path),
    ]);
    for (const file of files) expect(await stored(file)).toBe(true);
    await deleteProject(ctx, project.id);
    expect(await getProject(ctx, project.id, { includeDrafts: true })).toBeNull();
    for (const file of files) expect(await stored(file)).toBe(false);
    await expect(deleteProject(ctx, project.id)).rejects.toMatchObject({ status: 404 });
  });
});
