import type { AppLoadContext } from 'react-router';
import { listClients } from '../../../server/services/content/clients';
import { requireAdminSession } from './session.server';

export async function loadClients(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  return { clients: await listClients(context.ctx, { includeInactive: true }) };
}
