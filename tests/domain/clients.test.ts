import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, deleteClient, getClient, updateClient } from '../../server/services/clients';
import { type DomainContext, openDomainContext } from '../support/domain-context';

let ctx: DomainContext;

beforeEach(async () => {
  ctx = await openDomainContext();
});
afterEach(() => ctx.close());

describe('clients', () => {
  it('are updated field by field and deleted', async () => {
    const created = await createClient(ctx, { name: 'Old', category: 'Banking' });
    const updated = await updateClient(ctx, created.id, { name: 'New', status: 'Pending' });
    expect(updated).toMatchObject({ name: 'New', category: 'Banking', status: 'Pending' });
    await deleteClient(ctx, created.id);
    expect(await getClient(ctx, created.id, { includeInactive: true })).toBeNull();
    await expect(updateClient(ctx, 424242, { name: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});
