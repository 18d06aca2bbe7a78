import type { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import type { ServiceContext } from '../../services/context';
import {
  createTeamMember,
  deleteTeamMember,
  getTeamMember,
  listTeamMembers,
  updateTeamMember,
} from '../../services/content/team-members';
import { TEAM_ORDER } from '../../services/content/manual-order';
import { addPositionRoute } from './position-route';
import { singleImageResourceRouter } from './single-image-resource';

export function teamMembersRouter(ctx: ServiceContext): Router {
  const router = singleImageResourceRouter({
    name: 'team-members',
    fileField: 'image',
    notFoundMessage: MESSAGES.teamMemberNotFound,
    list: () => listTeamMembers(ctx),
    get: (id) => getTeamMember(ctx, id),
    create: (fields, image) => createTeamMember(ctx, fields, image),
    update: (id, fields, image) => updateTeamMember(ctx, id, fields, image),
    remove: (id) => deleteTeamMember(ctx, id),
  });
  addPositionRoute(router, ctx, '', TEAM_ORDER);
  return router;
}
