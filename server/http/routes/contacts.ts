import { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import {
  createContactMessage,
  deleteContactMessage,
  listContactMessages,
  updateContactMessage,
} from '../../services/contacts';
import type { ServiceContext } from '../../services/context';
import { idParam } from '../params';
import { requireAdmin } from '../session';
import { bodyFields } from '../uploads-parser';

/** POST /api/contact is public; reading and managing messages is the administrator's. */
export function contactsRouter(ctx: ServiceContext): Router {
  const router = Router();

  router.post('/contact', async (req, res) => {
    await createContactMessage(ctx, bodyFields(req), { ip: req.ip ?? '' });
    res.json({ success: true });
  });

  router.get('/contacts', requireAdmin, async (_req, res) => {
    res.json({ data: await listContactMessages(ctx) });
  });

  router.put('/contacts/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.contactNotFound);
    res.json({ data: await updateContactMessage(ctx, id, bodyFields(req)) });
  });

  router.delete('/contacts/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.contactNotFound);
    await deleteContactMessage(ctx, id);
    res.json({ data: { id }, success: true });
  });

  return router;
}
