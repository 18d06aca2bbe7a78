import type { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import { createClient, deleteClient, getClient, listClients, updateClient } from '../../services/content/clients';
import type { ServiceContext } from '../../services/context';
import { singleImageResourceRouter } from './single-image-resource';

export function clientsRouter(ctx: ServiceContext): Router {
  return singleImageResourceRouter({
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
}
