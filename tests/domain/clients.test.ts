import { describe, expect, it } from 'vitest';
import { deleteClient, getClient, updateClient } from '../../server/services/content/clients';
import { contextPerTest } from '../support/domain-context';
import { addClient } from '../support/domain-factories';

const site = contextPerTest();

describe('clients', () => {
  it('are of category General and status Active unless told otherwise, and need a name, an http(s) website and a known category and status', async () => {
    const created = await addClient(site.ctx, { name: 'Druk Bank', website: 'https://bank.example.bt' });
    expect(created).toMatchObject({
      name: 'Druk Bank',
      category: 'General',
      status: 'Active',
      website: 'https://bank.example.bt',
    });
    await expect(addClient(site.ctx, { name: ' ' })).rejects.toMatchObject({
      status: 400,
      fields: { name: 'Name is required' },
    });
    for (const website of ['javascript:alert(1)', 'not a url', 'ftp://files.example']) {
      await expect(addClient(site.ctx, { website }), website).rejects.toMatchObject({ status: 400 });
    }
    await expect(addClient(site.ctx, { category: 'Aliens' })).rejects.toMatchObject({ status: 400 });
    await expect(addClient(site.ctx, { status: 'Gone' })).rejects.toMatchObject({ status: 400 });
  });

  it('are updated field by field and deleted', async () => {
    const created = await addClient(site.ctx, { name: 'Old', category: 'Banking' });
    const updated = await updateClient(site.ctx, created.id, { name: 'New', status: 'Pending' });
    expect(updated).toMatchObject({ name: 'New', category: 'Banking', status: 'Pending' });
    await deleteClient(site.ctx, created.id);
    expect(await getClient(site.ctx, created.id, { includeInactive: true })).toBeNull();
    await expect(updateClient(site.ctx, 424242, { name: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});
