import { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import {
  projectImageAltsSchema,
  projectImageRefSchema,
  projectImagesArrangeSchema,
} from '../../../core/schemas/project.schema';
import type { ServiceContext } from '../../services/context';
import { parseInput } from '../../services/errors';
import {
  addProjectImages,
  arrangeProjectImages,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  type ProjectFilters,
  removeProjectImage,
  setProjectCover,
  updateProject,
} from '../../services/projects';
import { idParam, orNotFound } from '../params';
import { type SendCached, sendPublicJson } from '../public-cache';
import { requireAdmin } from '../session';
import { bodyFields, filesNamed, parseMultipart } from '../uploads-parser';

function flag(value: unknown): boolean | undefined {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The exact-match filters of SPEC section 5, from the query string. */
function filtersFrom(query: Record<string, unknown>): ProjectFilters {
  const year = Number(query.year);
  const limit = Number(query.limit);
  return {
    featured: flag(query.featured),
    showInRecent: flag(query.showInRecent),
    category: text(query.category),
    location: text(query.location),
    status: text(query.status),
    year: Number.isInteger(year) && query.year !== '' ? year : undefined,
    limit: Number.isInteger(limit) && limit > 0 ? limit : undefined,
  };
}

function altsFrom(fields: Record<string, unknown>): string[] | undefined {
  return fields.alts === undefined ? undefined : parseInput(projectImageAltsSchema, fields.alts);
}

export function projectsRouter(ctx: ServiceContext, sendCached: SendCached): Router {
  const router = Router();

  router.get('/', (req, res) => {
    const filters = filtersFrom(req.query);
    return sendCached(req, res, `projects:${JSON.stringify(filters)}`, async () => ({
      data: await listProjects(ctx, filters),
    }));
  });

  router.get('/featured', (req, res) =>
    sendCached(req, res, 'projects:featured', async () => ({
      data: await listProjects(ctx, { featured: true }),
      success: true,
    })),
  );

  router.get('/:id', async (req, res) => {
    const id = idParam(req, MESSAGES.projectNotFound);
    sendPublicJson(req, res, { data: orNotFound(await getProject(ctx, id), MESSAGES.projectNotFound) });
  });

  router.post('/', requireAdmin, parseMultipart, async (req, res) => {
    const fields = bodyFields(req);
    const project = await createProject(ctx, fields, filesNamed(req, 'images'), { alts: altsFrom(fields) });
    res.status(201).json({ data: project });
  });

  router.put('/:id', requireAdmin, parseMultipart, async (req, res) => {
    const id = idParam(req, MESSAGES.projectNotFound);
    const fields = bodyFields(req);
    res.json({ data: await updateProject(ctx, id, fields, filesNamed(req, 'images'), { alts: altsFrom(fields) }) });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.projectNotFound);
    await deleteProject(ctx, id);
    res.json({ data: { id }, success: true });
  });

  router.put('/:id/cover', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.projectNotFound);
    const { imageUrl } = parseInput(projectImageRefSchema, bodyFields(req));
    res.json({ data: await setProjectCover(ctx, id, imageUrl) });
  });

  router.delete('/:id/images', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.projectNotFound);
    const { imageUrl } = parseInput(projectImageRefSchema, bodyFields(req));
    res.json({ data: await removeProjectImage(ctx, id, imageUrl) });
  });

  // Our addition to SPEC section 7: the image manager's order and alt texts.
  router.put('/:id/images', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.projectNotFound);
    const { images } = parseInput(projectImagesArrangeSchema, bodyFields(req));
    res.json({ data: await arrangeProjectImages(ctx, id, images) });
  });

  router.post('/:id/images', requireAdmin, parseMultipart, async (req, res) => {
    const id = idParam(req, MESSAGES.projectNotFound);
    const fields = bodyFields(req);
    res.json({ data: await addProjectImages(ctx, id, filesNamed(req, 'images'), { alts: altsFrom(fields) }) });
  });

  return router;
}
