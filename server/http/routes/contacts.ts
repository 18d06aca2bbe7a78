import { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import {
  createContactMessage,
  deleteContactMessage,
  deleteContactMessages,
  listContactMessagePage,
  listContactMessages,
  sendContactNotificationNow,
  updateContactMessage,
} from '../../services/content/contacts';
import type { ServiceContext } from '../../services/context';
import { bodyFields, idParam } from '../params';
import { requireAdmin } from '../session';

/** POST /api/contact is public; reading and managing messages is the administrator's. */
export function contactsRouter(ctx: ServiceContext): Router {
  const router = Router();

  router.post('/contact', async (req, res) => {
    await createContactMessage(ctx, bodyFields(req), { ip: req.ip ?? '' });
    res.json({ success: true });
  });

  // Without paging parameters every message, as SPEC section 7 has it; with any, one page of a view.
  router.get('/contacts', requireAdmin, async (req, res) => {
    const paged = ['page', 'q', 'view'].some((name) => req.query[name] !== undefined);
    res.json(paged ? await listContactMessagePage(ctx, req.query) : { data: await listContactMessages(ctx) });
  });

  router.post('/contacts/bulk-delete', requireAdmin, async (req, res) => {
    const deleted = await deleteContactMessages(ctx, bodyFields(req));
    res.json({ data: { deleted }, success: true });
  });

  router.put('/contacts/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.contactNotFound);
    res.json({ data: await updateContactMessage(ctx, id, bodyFields(req)) });
  });

  // Send it now: the e-mail of a message that was not e-mailed (taken for spam as it arrived), queued.
  router.post('/contacts/:id/notification', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.contactNotFound);
    res.json({ data: await sendContactNotificationNow(ctx, id) });
  });

  router.delete('/contacts/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.contactNotFound);
    await deleteContactMessage(ctx, id);
    res.json({ data: { id }, success: true });
  });

  return router;
}
