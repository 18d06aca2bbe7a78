import { Router } from 'express';
import type { UploadedFile } from '../../services/context';
import { idParam, orNotFound } from '../params';
import { type SendCached, sendPublicJson } from '../public-cache';
import { requireAdmin } from '../session';
import { bodyFields, fileNamed, parseMultipart } from '../uploads-parser';

/** The services of an entity with at most one image (clients' logos, team members' photos). */
export interface SingleImageResource<T> {
  /** The cache key of the public list. */
  name: string;
  /** The multipart field holding the image. */
  fileField: string;
  notFoundMessage: string;
  list: () => Promise<T[]>;
  get: (id: number) => Promise<T | null>;
  create: (fields: unknown, image?: UploadedFile) => Promise<T>;
  update: (id: number, fields: unknown, image?: UploadedFile) => Promise<T>;
  remove: (id: number) => Promise<void>;
}

/** GET list and item for everyone; create, update (JSON or multipart) and delete for the administrator. */
export function singleImageResourceRouter<T>(resource: SingleImageResource<T>, sendCached: SendCached): Router {
  const router = Router();

  router.get('/', (req, res) => sendCached(req, res, resource.name, async () => ({ data: await resource.list() })));

  router.get('/:id', async (req, res) => {
    const id = idParam(req, resource.notFoundMessage);
    sendPublicJson(req, res, { data: orNotFound(await resource.get(id), resource.notFoundMessage) });
  });

  router.post('/', requireAdmin, parseMultipart, async (req, res) => {
    res.status(201).json({ data: await resource.create(bodyFields(req), fileNamed(req, resource.fileField)) });
  });

  router.put('/:id', requireAdmin, parseMultipart, async (req, res) => {
    const id = idParam(req, resource.notFoundMessage);
    res.json({ data: await resource.update(id, bodyFields(req), fileNamed(req, resource.fileField)) });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, resource.notFoundMessage);
    await resource.remove(id);
    res.json({ data: { id }, success: true });
  });

  return router;
}
