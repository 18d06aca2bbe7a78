import type { AppLoadContext } from 'react-router';
import { describeDemoContent } from '../../../server/demo/demo-records';
import { getSiteSettings } from '../../../server/services/content/settings';
import { visitCountingOn } from '../../../server/services/visits/visit-switch';
import { emailNotificationStatus } from '../../../server/services/mail/test-email';
import { requireAdminSession } from './session.server';

export async function loadSettings(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  const [settings, countVisits, demo] = await Promise.all([
    getSiteSettings(context.ctx),
    visitCountingOn(context.ctx.db),
    describeDemoContent(context.ctx),
  ]);
  return {
    settings,
    countVisits,
    countingOffOnServer: !context.ctx.config.analytics.enabled,
    emailNotifications: emailNotificationStatus(context.ctx.config),
    demo,
  };
}
