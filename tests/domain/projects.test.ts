import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import {
  addProjectImages,
  arrangeProjectImages,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  removeProjectImage,
  setProjectCover,
  updateProject,
} from '../../server/services/content/projects';
import { deleteFromTrash } from '../../server/services/trash/trash';
import { contextPerTest } from '../support/domain-context';
import { addProject, imageFile, imageFiles } from '../support/domain-factories';
import { PROJECT_DEFAULTS } from '../support/factories';

const site = contextPerTest();

/** Whether the storage (DATA_DIR/uploads or the bucket) holds the file. */
async function stored(name: string): Promise<boolean> {
  return (await site.ctx.storage.list()).some((entry) => entry.name === name);
}

describe('creating a project', () => {
  it('requires a title, description, year, location and category, naming the one missing', async () => {
    const required = {
      title: 'Title is required',
      description: 'Description is required',
      year: 'Year is required',
      location: 'Location is required',
      category: 'Category is required',
    };
    for (const [field, message] of Object.entries(required)) {
      const fields: Record<string, string> = { ...PROJECT_DEFAULTS };
      delete fields[field];
      await expect(createProject(site.ctx, fields, await imageFiles(1)), field).rejects.toMatchObject({
        status: 400,
        message,
        fields: { [field]: message },
      });
    }
  });

  it('takes each of the four statuses and no other, a known category and a year in 1900–2099', async () => {
    await expect(addProject(site.ctx, { status: 'Done' })).rejects.toMatchObject({ status: 400 });
    await expect(addProject(site.ctx, { category: 'Spaceports' })).rejects.toMatchObject({ status: 400 });
    await expect(addProject(site.ctx, { year: '1899' })).rejects.toMatchObject({
      status: 400,
      fields: { year: 'Year must be between 1900 and 2099' },
    });
    for (const status of ['In Progress', 'Completed', 'On Hold', 'Planning']) {
      expect((await addProject(site.ctx, { status })).status).toBe(status);
    }
  });

  it('needs at least one image and takes at most 10', async () => {
    await expect(addProject(site.ctx, {}, 0)).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.selectProjectImage,
    });
    await expect(addProject(site.ctx, {}, 11)).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.tooManyImages(10),
    });
    expect(await listProjects(site.ctx, {}, { includeDrafts: true })).toEqual([]);
  });
});

describe('reading projects', () => {
  it('lists newest first and filters exactly', async () => {
    await addProject(site.ctx, { location: 'Paro', year: '2024', category: 'Private Homes' });
    const thimphu = await addProject(site.ctx, { location: 'Thimphu', year: '2022', category: 'Office' });
    expect((await listProjects(site.ctx))[0]!.id).toBe(thimphu.id);
    const filtered = await listProjects(site.ctx, { location: 'Thimphu', year: 2022, category: 'Office' });
    expect(filtered.map((project) => project.id)).toEqual([thimphu.id]);
    expect(await listProjects(site.ctx, { location: 'Thimph' })).toEqual([]);
  });
});

describe('changing a project', () => {
  it('updates the fields sent and keeps the rest', async () => {
    const project = await addProject(site.ctx, { title: 'Paro Farmhouse' }, 2);
    const updated = await updateProject(site.ctx, project.id, { status: 'Completed', showInRecent: 'true' });
    expect(updated).toMatchObject({ title: 'Paro Farmhouse', status: 'Completed', showInRecent: true });
    expect(updated.images).toEqual(project.images);
    expect((await updateProject(site.ctx, project.id, { featured: true })).featured).toBe(true);
  });

  it('replaces the old images with new ones and removes the old files', async () => {
    const project = await addProject(site.ctx, {}, 2);
    const updated = await updateProject(site.ctx, project.id, { title: 'Renamed' }, [await imageFile('new.jpg')]);
    expect(updated.images).toHaveLength(1);
    expect(updated.images[0]).not.toBe(project.images[0]);
    for (const file of project.images) expect(await stored(file)).toBe(false);
  });

  it('keeps the project as it was when an update is invalid', async () => {
    const project = await addProject(site.ctx, {}, 2);
    await expect(
      updateProject(site.ctx, project.id, { title: '', status: 'Completed' }, [await imageFile('x.jpg')]),
    ).rejects.toMatchObject({ status: 400 });
    expect(await getProject(site.ctx, project.id, { includeDrafts: true })).toEqual(project);
    for (const file of project.images) expect(await stored(file)).toBe(true);
  });

  it('sets the cover from one of its images, given as a path or a full URL', async () => {
    const project = await addProject(site.ctx, {}, 2);
    const [first, second] = project.images as [string, string];
    expect((await setProjectCover(site.ctx, project.id, second)).image).toBe(second);
    const byUrl = await setProjectCover(site.ctx, project.id, `${site.ctx.config.siteUrl}/uploads/${first}`);
    expect(byUrl.image).toBe(first);
    await expect(setProjectCover(site.ctx, project.id, 'elsewhere.jpg')).rejects.toMatchObject({ status: 400 });
  });

  it('removes one image and answers the updated project, but never the last', async () => {
    const project = await addProject(site.ctx, {}, 2);
    const [first, second] = project.images as [string, string];
    const removed = await removeProjectImage(site.ctx, project.id, first);
    expect(removed).toMatchObject({ id: project.id, images: [second], image: second });
    expect(await stored(first)).toBe(false);
    await expect(removeProjectImage(site.ctx, project.id, second)).rejects.toMatchObject({ status: 400 });
  });

  it('adds images after the others, up to 10 in all', async () => {
    const project = await addProject(site.ctx, {}, 2);
    const added = await addProjectImages(site.ctx, project.id, await imageFiles(2));
    expect(added.newImages).toHaveLength(2);
    expect(added.project.images).toEqual([...project.images, ...added.newImages]);
    await expect(addProjectImages(site.ctx, project.id, await imageFiles(7))).rejects.toMatchObject({ status: 400 });
  });

  it('refuses an arrangement that is not exactly the current images, changing nothing', async () => {
    const project = await addProject(site.ctx, {}, 2);
    const [a, b] = project.images as [string, string];
    const attempts = [[b], [b, b], [b, a, 'elsewhere.jpg'], [b, 'elsewhere.jpg']];
    for (const urls of attempts) {
      const images = urls.map((imageUrl) => ({ imageUrl, alt: '' }));
      await expect(arrangeProjectImages(site.ctx, project.id, images)).rejects.toMatchObject({
        status: 400,
        message: MESSAGES.imagesMustMatchProject,
      });
    }
    await expect(arrangeProjectImages(site.ctx, 999_999, [{ imageUrl: a, alt: '' }])).rejects.toMatchObject({
      status: 404,
      message: 'Project not found',
    });
    expect(await getProject(site.ctx, project.id, { includeDrafts: true })).toEqual(project);
  });

  it('moves a deleted project to the Trash with its files, which go when it is deleted forever', async () => {
    const project = await addProject(site.ctx, {}, 2);
    const files = project.imageDetails.flatMap((image) => [
      image.path,
      ...image.variants.map((variant) => variant.path),
    ]);
    for (const file of files) expect(await stored(file)).toBe(true);
    await deleteProject(site.ctx, project.id);
    expect(await getProject(site.ctx, project.id, { includeDrafts: true })).toBeNull();
    for (const file of files) expect(await stored(file)).toBe(true);
    await expect(deleteProject(site.ctx, project.id)).rejects.toMatchObject({ status: 404 });
    await deleteFromTrash(site.ctx, 'project', project.id);
    for (const file of files) expect(await stored(file)).toBe(false);
  });
});
