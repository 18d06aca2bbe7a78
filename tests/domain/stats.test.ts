import { describe, expect, it } from 'vitest';
import { getSiteStats } from '../../server/services/content/stats';
import { contextPerTest } from '../support/domain-context';
import { addClient, addPost, addProject } from '../support/domain-factories';

const site = contextPerTest();

describe('the public statistics', () => {
  it('are computed from the data: working hours are 100 per project', async () => {
    const before = await getSiteStats(site.ctx);
    await addProject(site.ctx);
    await addClient(site.ctx);
    await addPost(site.ctx, { status: 'draft' });
    const after = await getSiteStats(site.ctx);
    expect(after.projects).toBe(before.projects + 1);
    expect(after.clients).toBe(before.clients + 1);
    expect(after).not.toHaveProperty('draftBlogs');
    expect(after.workingHours).toBe(after.projects * 100);
    expect(after.years).toBe(new Date().getFullYear() - 2022 + 1);
  });

  it('count Active clients only as Happy Clients', async () => {
    const before = await getSiteStats(site.ctx);
    await addClient(site.ctx, { status: 'Pending' });
    expect((await getSiteStats(site.ctx)).clients).toBe(before.clients);
  });
});
