import { describe, expect, it } from 'vitest';
import { TRASH_RETENTION_DAYS } from '../../core/constants';
import { deleteBlog, listBlogs } from '../../server/services/content/blogs';
import { deleteContactMessage, listContactMessages } from '../../server/services/content/contacts';
import { deleteProject, listProjects } from '../../server/services/content/projects';
import { updateSiteTexts } from '../../server/services/content/site-texts';
import { getDashboardStats, getSiteStats } from '../../server/services/content/stats';
import { deleteTeamMember, listTeamMembers } from '../../server/services/content/team-members';
import { listTrash, purgeExpiredTrash, restoreFromTrash } from '../../server/services/trash/trash';
import { contextPerTest } from '../support/domain-context';
import { addContactMessage, addPost, addProject, addTeamMember, imageFile } from '../support/domain-factories';

const site = contextPerTest();
const DAY_MS = 24 * 60 * 60 * 1000;

const storedNames = async () => (await site.ctx.storage.list()).map((entry) => entry.name);

describe('the Trash over time', () => {
  it('keeps what was deleted TRASH_RETENTION_DAYS, then the upkeep deletes its rows and files', async () => {
    const project = await addProject(site.ctx, { title: 'Old Farmhouse' }, 2);
    const post = await addPost(site.ctx, { title: 'Old notes' }, { image: await imageFile() });
    await addContactMessage(site.ctx, { name: 'Old sender' });
    const [message] = await listContactMessages(site.ctx);
    const filesBefore = await storedNames();
    expect(filesBefore).toEqual(expect.arrayContaining([...project.images, post.image]));

    await deleteProject(site.ctx, project.id);
    await deleteBlog(site.ctx, post.id);
    await deleteContactMessage(site.ctx, message!.id);
    expect((await listTrash(site.ctx)).map((item) => item.kind).sort()).toEqual(['blog', 'contact', 'project']);

    const almost = Date.now() + (TRASH_RETENTION_DAYS - 1) * DAY_MS;
    expect(await purgeExpiredTrash(site.ctx, almost)).toBe(0);
    expect(await storedNames()).toEqual(filesBefore);

    expect(await purgeExpiredTrash(site.ctx, Date.now() + (TRASH_RETENTION_DAYS + 1) * DAY_MS)).toBe(3);
    expect(await listTrash(site.ctx)).toEqual([]);
    expect(await site.ctx.db.selectFrom('mediaItems').select('id').execute()).toEqual([]);
    expect(await storedNames()).toEqual([]);
  });

  it('leaves trashed rows out of the counts, and restores a project to the hero and recent lists', async () => {
    const project = await addProject(site.ctx, { title: 'Hero Lodge', featured: 'true', showInRecent: 'true' });
    await addProject(site.ctx, { title: 'Newer Lodge' });
    expect((await getSiteStats(site.ctx)).projects).toBe(2);
    await deleteProject(site.ctx, project.id);
    expect((await getSiteStats(site.ctx)).projects).toBe(1);
    expect((await getDashboardStats(site.ctx)).projects).toBe(1);
    expect(await listProjects(site.ctx, { featured: true })).toEqual([]);

    await restoreFromTrash(site.ctx, 'project', project.id);
    expect(await listProjects(site.ctx, { featured: true })).toEqual([project]);
    expect(await listProjects(site.ctx, { showInRecent: true })).toEqual([project]);
    // Its place in the newest-first order is its own again.
    expect((await listProjects(site.ctx)).map((each) => each.title)).toEqual(['Newer Lodge', 'Hero Lodge']);
    expect(await listBlogs(site.ctx)).toEqual([]);
  });

  it('keeps a trashed founder chosen, so other texts still save and a restore brings the card back', async () => {
    const founder = await addTeamMember(site.ctx, { name: 'Founder Dorji' });
    await updateSiteTexts(site.ctx, { founderMemberId: founder.id });
    await deleteTeamMember(site.ctx, founder.id);
    expect((await updateSiteTexts(site.ctx, { vision: 'A vision saved meanwhile' })).founderMemberId).toBe(founder.id);
    await restoreFromTrash(site.ctx, 'team-member', founder.id);
    expect(await listTeamMembers(site.ctx)).toEqual([founder]);
  });
});
