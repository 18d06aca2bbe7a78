import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBlog } from '../../server/services/blogs';
import { createClient } from '../../server/services/clients';
import { getSiteStats } from '../../server/services/stats';
import { type DomainContext, openDomainContext } from '../support/domain-context';
import { addProject } from '../support/domain-factories';

let ctx: DomainContext;

beforeEach(async () => {
  ctx = await openDomainContext();
});
afterEach(() => ctx.close());

describe('the public statistics', () => {
  it('are computed from the data: working hours are 100 per project', async () => {
    const before = await getSiteStats(ctx);
    await addProject(ctx, { title: 'T', description: 'D', year: '2025', location: 'Haa', category: 'Office' });
    await createClient(ctx, { name: 'C' });
    await createBlog(ctx, {
      title: 'T',
      author: 'A',
      category: 'News',
      excerpt: 'E',
      content: '<p>C</p>',
      status: 'draft',
    });
    const after = await getSiteStats(ctx);
    expect(after.projects).toBe(before.projects + 1);
    expect(after.clients).toBe(before.clients + 1);
    expect(after).not.toHaveProperty('draftBlogs');
    expect(after.workingHours).toBe(after.projects * 100);
    expect(after.years).toBe(new Date().getFullYear() - 2022 + 1);
  });

  it('count Active clients only as Happy Clients', async () => {
    const before = await getSiteStats(ctx);
    await createClient(ctx, { name: 'Pending Co', status: 'Pending' });
    expect((await getSiteStats(ctx)).clients).toBe(before.clients);
  });
});
