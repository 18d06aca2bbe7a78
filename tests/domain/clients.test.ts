import { describe, expect, it } from 'vitest';
import { createClient, deleteClient, getClient, updateClient } from '../../server/services/content/clients';
import { contextPerTest } from '../support/domain-context';

const site = contextPerTest();

describe('clients', () => {
  it('are updated field by field and deleted', async () => {
    const created = await createClient(site.ctx, { name: 'Old', category: 'Banking' });
    const updated = await updateClient(site.ctx, created.id, { name: 'New', status: 'Pending' });
    expect(updated).toMatchObject({ name: 'New', category: 'Banking', status: 'Pending' });
    await deleteClient(site.ctx, created.id);
    expect(await getClient(site.ctx, created.id, { includeInactive: true })).toBeNull();
    await expect(updateClient(site.ctx, 424242, { name: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});
