import { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import { createClient, deleteClient, getClient, listClients, updateClient } from '../../services/clients';
import type { ServiceContext } from '../../services/context';
import { idParam, orNotFound } from '../params';
import type { SendCached } from '../public-cache';
import { requireAdmin } from '../session';
import { bodyFields, fileNamed, parseMultipart } from '../uploads-parser';

export function clientsRouter(ctx: ServiceContext, sendCached: SendCached): Router {
  const router = Router();

  router.get('/', (req, res) => sendCached(req, res, 'clients', async () => ({ data: await listClients(ctx) })));

  router.get('/:id', async (req, res) => {
    const id = idParam(req, MESSAGES.clientNotFound);
    res.json({ data: orNotFound(await getClient(ctx, id), MESSAGES.clientNotFound) });
  });

  router.post('/', requireAdmin, parseMultipart, async (req, res) => {
    res.status(201).json({ data: await createClient(ctx, bodyFields(req), fileNamed(req, 'logo')) });
  });

  router.put('/:id', requireAdmin, parseMultipart, async (req, res) => {
    const id = idParam(req, MESSAGES.clientNotFound);
    res.json({ data: await updateClient(ctx, id, bodyFields(req), fileNamed(req, 'logo')) });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.clientNotFound);
    await deleteClient(ctx, id);
    res.json({ data: { id }, success: true });
  });

  return router;
}
