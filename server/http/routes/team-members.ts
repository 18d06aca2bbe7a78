import type { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import type { ServiceContext } from '../../services/context';
import {
  createTeamMember,
  deleteTeamMember,
  getTeamMember,
  listTeamMembers,
  updateTeamMember,
} from '../../services/team-members';
import type { SendCached } from '../public-cache';
import { singleImageResourceRouter } from './single-image-resource';

export function teamMembersRouter(ctx: ServiceContext, sendCached: SendCached): Router {
  return singleImageResourceRouter(
    {
      name: 'team-members',
      fileField: 'image',
      notFoundMessage: MESSAGES.teamMemberNotFound,
      list: () => listTeamMembers(ctx),
      get: (id) => getTeamMember(ctx, id),
      create: (fields, image) => createTeamMember(ctx, fields, image),
      update: (id, fields, image) => updateTeamMember(ctx, id, fields, image),
      remove: (id) => deleteTeamMember(ctx, id),
    },
    sendCached,
  );
}
