import { describe, expect, it } from 'vitest';
import { NO_DEFAULT_TEXTS, NO_DEMO_RECORDS } from '../../core/demo-content';
import { demoSettings } from '../../server/demo/demo-content';
import { describeDemoContent, recordDemoRecord, removeDemoContent } from '../../server/demo/demo-records';
import { listBlogs } from '../../server/services/content/blogs';
import { deleteClient, listClients } from '../../server/services/content/clients';
import { listProjects, updateProject } from '../../server/services/content/projects';
import { DEFAULT_SITE_SETTINGS, getSiteSettings, updateSiteSettings } from '../../server/services/content/settings';
import { listTeamMembers } from '../../server/services/content/team-members';
import { parseVariants } from '../../server/services/media/images';
import { listLibraryMedia } from '../../server/services/media/media';
import { contextPerTest } from '../support/domain-context';
import { addClient, addLibraryImage, addPost, addProject, addTeamMember, imageFile } from '../support/domain-factories';

const site = contextPerTest();

/** Times are to the millisecond: an edit made in the same one as the record would look unedited. */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('demo content', () => {
  it('offers only the sample texts, and removing it changes nothing else, on a site the demo never filled', async () => {
    const project = await addProject(site.ctx);
    await updateSiteSettings(site.ctx, demoSettings);
    const sampleTexts = { testimonials: 4, coreValues: 3, texts: ['homeAbout', 'about', 'vision', 'mission'] };
    expect(await describeDemoContent(site.ctx)).toEqual({
      remove: NO_DEMO_RECORDS,
      keep: NO_DEMO_RECORDS,
      resetSettings: false,
      defaultTexts: sampleTexts,
    });
    expect(await removeDemoContent(site.ctx)).toEqual({
      remove: NO_DEMO_RECORDS,
      keep: NO_DEMO_RECORDS,
      resetSettings: false,
      defaultTexts: NO_DEFAULT_TEXTS,
    });
    expect(await listProjects(site.ctx, {}, { includeDrafts: true })).toEqual([project]);
    expect(await getSiteSettings(site.ctx)).toMatchObject(demoSettings);
  });

  it('goes as the demo made it: not what the owner edited, deleted or added, nor the settings they typed', async () => {
    const asMade = await addProject(site.ctx, { title: 'Demo farmhouse' }, 2);
    const edited = await addProject(site.ctx, { title: 'Demo lodge' });
    const deletedByOwner = await addClient(site.ctx, { name: 'Demo bank' });
    const member = await addTeamMember(site.ctx, { name: 'Demo architect' }, await imageFile());
    const post = await addPost(site.ctx, { title: 'Demo notes' }, { image: await imageFile() });
    await updateSiteSettings(site.ctx, demoSettings, await imageFile('logo.png'));
    const logoMediaId = (await site.ctx.db.selectFrom('siteSettings').select('logoMediaId').executeTakeFirstOrThrow())
      .logoMediaId!;
    await recordDemoRecord(site.ctx.db, 'project', asMade.id);
    await recordDemoRecord(site.ctx.db, 'project', edited.id);
    await recordDemoRecord(site.ctx.db, 'client', deletedByOwner.id);
    await recordDemoRecord(site.ctx.db, 'team-member', member.id);
    await recordDemoRecord(site.ctx.db, 'blog', post.id);
    await recordDemoRecord(site.ctx.db, 'settings', 1);
    await recordDemoRecord(site.ctx.db, 'logo', logoMediaId);

    await nextMillisecond();
    const ownEdit = await updateProject(site.ctx, edited.id, { title: 'Our lodge' });
    await deleteClient(site.ctx, deletedByOwner.id);
    const ownClient = await addClient(site.ctx, { name: 'Our client' });
    const ownImage = await addLibraryImage(site.ctx);
    await updateSiteSettings(site.ctx, { contactEmail: 'owner@studio.example.bt' });

    const expected = {
      remove: { projects: 1, blogs: 1, clients: 0, teamMembers: 1 },
      keep: { ...NO_DEMO_RECORDS, projects: 1 },
      resetSettings: true,
      defaultTexts: { testimonials: 4, coreValues: 3, texts: ['homeAbout', 'about', 'vision', 'mission'] },
    };
    expect(await describeDemoContent(site.ctx)).toEqual(expected);
    const filesBefore = (await site.ctx.storage.list()).length;
    expect(await removeDemoContent(site.ctx, { clearDefaultTexts: true })).toEqual(expected);

    expect(await listProjects(site.ctx, {}, { includeDrafts: true })).toEqual([ownEdit]);
    expect(await listBlogs(site.ctx, { includeDrafts: true })).toEqual([]);
    expect(await listTeamMembers(site.ctx)).toEqual([]);
    expect(await listClients(site.ctx, { includeInactive: true })).toEqual([ownClient]);
    expect(await listLibraryMedia(site.ctx)).toEqual([ownImage]);
    expect(await getSiteSettings(site.ctx)).toEqual({
      ...DEFAULT_SITE_SETTINGS,
      contactEmail: 'owner@studio.example.bt',
      logo: '',
    });
    // The demo's media rows went (the farmhouse's two, the portrait, the post's, the logo), and their files after them.
    const rows = await site.ctx.db.selectFrom('mediaItems').select(['path', 'variants']).execute();
    expect(rows).toHaveLength(ownEdit.images.length + 1);
    const files = rows.flatMap((row) => [row.path, ...parseVariants(row.variants).map((variant) => variant.path)]);
    expect((await site.ctx.storage.list()).map((entry) => entry.name).sort()).toEqual(files.sort());
    expect(files.length).toBeLessThan(filesBefore);

    expect(await describeDemoContent(site.ctx)).toBeNull();
    expect(await removeDemoContent(site.ctx, { clearDefaultTexts: true })).toEqual({
      remove: NO_DEMO_RECORDS,
      keep: NO_DEMO_RECORDS,
      resetSettings: false,
      defaultTexts: NO_DEFAULT_TEXTS,
    });
  });
});
