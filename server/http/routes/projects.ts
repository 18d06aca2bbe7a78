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
  createHeroProject,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  moveProjectImage,
  removeProjectImage,
  setProjectCover,
  updateProject,
} from '../../services/content/projects';
import { PROJECTS_ORDER } from '../../services/content/manual-order';
import { bodyFields, idParam, orNotFound } from '../params';
import { addPositionRoute } from './position-route';
import { listWorthKeeping, matchesNoProject, projectFiltersFrom } from '../project-list-query';
import { sendPublicJson } from '../public-cache';
import { requireAdmin } from '../session';
import { filesNamed, parseMultipart } from '../uploads-parser';

function altsFrom(fields: Record<string, unknown>): string[] | undefined {
  return fields.alts === undefined ? undefined : parseInput(projectImageAltsSchema, fields.alts);
}

export function projectsRouter(ctx: ServiceContext): Router {
  const router = Router();

  // Drafts and scheduled projects are the administrator's: only a signed-in request lists or reads them, so
  // these answers vary by cookie, like the blogs' (decision 008).
  router.get('/', async (req, res) => {
    res.vary('Cookie');
    const filters = projectFiltersFrom(req.query);
    const visibility = { includeDrafts: Boolean(req.admin) };
    const answer = { data: matchesNoProject(filters) ? [] : await listProjects(ctx, filters, visibility) };
    if (!listWorthKeeping(answer)) res.locals.pageCacheSkip = true;
    sendPublicJson(req, res, answer);
  });

  // The home page's hero refetches this, signed in or not: it shows what visitors see, drafts never.
  router.get('/featured', async (req, res) => {
    sendPublicJson(req, res, { data: await listProjects(ctx, { featured: true }), success: true });
  });

  router.get('/:id', async (req, res) => {
    res.vary('Cookie');
    const id = idParam(req, MESSAGES.projectNotFound);
    const project = await getProject(ctx, id, { includeDrafts: Boolean(req.admin) });
    sendPublicJson(req, res, { data: orNotFound(project, MESSAGES.projectNotFound) });
  });

  router.post('/', requireAdmin, parseMultipart, async (req, res) => {
    const fields = bodyFields(req);
    const project = await createProject(ctx, fields, filesNamed(req, 'images'), { alts: altsFrom(fields) });
    res.status(201).json({ data: project });
  });

  // Our addition to SPEC section 7: the hero banner's add form, whose images are optional.
  router.post('/hero', requireAdmin, parseMultipart, async (req, res) => {
    const fields = bodyFields(req);
    const project = await createHeroProject(ctx, fields, filesNamed(req, 'images'), { alts: altsFrom(fields) });
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

  addPositionRoute(router, ctx, '', PROJECTS_ORDER);

  // One move in the project's gallery (decision 041); images are named by their paths.
  router.put('/:id/images/position', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.projectNotFound);
    await moveProjectImage(ctx, id, bodyFields(req));
    res.json({ data: { id } });
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
