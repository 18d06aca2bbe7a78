import type { AppLoadContext } from 'react-router';
import { describeBackups } from '../../../server/services/backups/backups';
import { requireAdminSession } from './session.server';

export async function loadBackups(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  return { overview: await describeBackups(context.ctx, context.ctx.backups) };
}
