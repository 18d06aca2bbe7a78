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
import { singleImageResourceRouter } from './single-image-resource';

export function teamMembersRouter(ctx: ServiceContext): Router {
  return singleImageResourceRouter({
    name: 'team-members',
    fileField: 'image',
    notFoundMessage: MESSAGES.teamMemberNotFound,
    list: () => listTeamMembers(ctx),
    get: (id) => getTeamMember(ctx, id),
    create: (fields, image) => createTeamMember(ctx, fields, image),
    update: (id, fields, image) => updateTeamMember(ctx, id, fields, image),
    remove: (id) => deleteTeamMember(ctx, id),
  });
}
