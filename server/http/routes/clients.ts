import type { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import { createClient, deleteClient, getClient, listClients, updateClient } from '../../services/content/clients';
import type { ServiceContext } from '../../services/context';
import { CLIENTS_ORDER } from '../../services/content/manual-order';
import { addPositionRoute } from './position-route';
import { singleImageResourceRouter } from './single-image-resource';

export function clientsRouter(ctx: ServiceContext): Router {
  const router = singleImageResourceRouter({
    name: 'clients',
    fileField: 'logo',
    notFoundMessage: MESSAGES.clientNotFound,
    variesBySession: true,
    list: (signedIn) => listClients(ctx, { includeInactive: signedIn }),
    get: (id, signedIn) => getClient(ctx, id, { includeInactive: signedIn }),
    create: (fields, logo) => createClient(ctx, fields, logo),
    update: (id, fields, logo) => updateClient(ctx, id, fields, logo),
    remove: (id) => deleteClient(ctx, id),
  });
  addPositionRoute(router, ctx, '', CLIENTS_ORDER);
  return router;
}
