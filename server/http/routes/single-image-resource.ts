import { Router } from 'express';
import type { UploadedFile } from '../../services/context';
import { bodyFields, idParam, orNotFound } from '../params';
import { sendPublicJson } from '../public-cache';
import { requireAdmin } from '../session';
import { fileNamed, parseMultipart } from '../uploads-parser';

/** The services of an entity with at most one image (clients' logos, team members' photos). */
export interface SingleImageResource<T> {
  /** The cache key of the public list. */
  name: string;
  /** The multipart field holding the image. */
  fileField: string;
  notFoundMessage: string;
  /**
   * Whether the administrator sees rows visitors do not (clients that are not Active). Such answers say
   * they vary by cookie, and the two lists are cached under different keys (decision 008).
   */
  variesBySession?: boolean;
  /** `signedIn`: the request carries the administrator's session. */
  list: (signedIn: boolean) => Promise<T[]>;
  get: (id: number, signedIn: boolean) => Promise<T | null>;
  create: (fields: unknown, image?: UploadedFile) => Promise<T>;
  update: (id: number, fields: unknown, image?: UploadedFile) => Promise<T>;
  remove: (id: number) => Promise<void>;
}

/**
 * GET list and item for everyone (the administrator may see more); create, update (JSON or multipart) and
 * delete for the administrator.
 */
export function singleImageResourceRouter<T>(resource: SingleImageResource<T>): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const signedIn = Boolean(req.admin);
    if (resource.variesBySession) res.vary('Cookie');
    sendPublicJson(req, res, { data: await resource.list(signedIn) });
  });

  router.get('/:id', async (req, res) => {
    if (resource.variesBySession) res.vary('Cookie');
    const id = idParam(req, resource.notFoundMessage);
    sendPublicJson(req, res, {
      data: orNotFound(await resource.get(id, Boolean(req.admin)), resource.notFoundMessage),
    });
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
