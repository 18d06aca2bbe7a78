import { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import type { ServiceContext } from '../../services/context';
import {
  createTeamMember,
  deleteTeamMember,
  getTeamMember,
  listTeamMembers,
  updateTeamMember,
} from '../../services/team-members';
import { idParam, orNotFound } from '../params';
import type { SendCached } from '../public-cache';
import { requireAdmin } from '../session';
import { bodyFields, fileNamed, parseMultipart } from '../uploads-parser';

export function teamMembersRouter(ctx: ServiceContext, sendCached: SendCached): Router {
  const router = Router();

  router.get('/', (req, res) =>
    sendCached(req, res, 'team-members', async () => ({ data: await listTeamMembers(ctx) })),
  );

  router.get('/:id', async (req, res) => {
    const id = idParam(req, MESSAGES.teamMemberNotFound);
    res.json({ data: orNotFound(await getTeamMember(ctx, id), MESSAGES.teamMemberNotFound) });
  });

  router.post('/', requireAdmin, parseMultipart, async (req, res) => {
    res.status(201).json({ data: await createTeamMember(ctx, bodyFields(req), fileNamed(req, 'image')) });
  });

  router.put('/:id', requireAdmin, parseMultipart, async (req, res) => {
    const id = idParam(req, MESSAGES.teamMemberNotFound);
    res.json({ data: await updateTeamMember(ctx, id, bodyFields(req), fileNamed(req, 'image')) });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    const id = idParam(req, MESSAGES.teamMemberNotFound);
    await deleteTeamMember(ctx, id);
    res.json({ data: { id }, success: true });
  });

  return router;
}
