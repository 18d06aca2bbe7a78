import { describe, expect, it } from 'vitest';
import { getSiteSettings, updateSiteSettings } from '../../server/services/content/settings';
import { contextPerTest } from '../support/domain-context';

const site = contextPerTest();

describe('site settings', () => {
  it('refuse a social link that is not http(s), changing nothing', async () => {
    const before = await getSiteSettings(site.ctx);
    await expect(updateSiteSettings(site.ctx, { facebookUrl: 'javascript:alert(1)' })).rejects.toMatchObject({
      status: 400,
    });
    expect(await getSiteSettings(site.ctx)).toEqual(before);
    expect(before.facebookUrl).toBe('');
  });
});
