import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredText } from './fields';

const teamMemberFields = {
  name: requiredText(MESSAGES.fillRequiredFields),
  title: requiredText(MESSAGES.fillRequiredFields),
  position: requiredText(MESSAGES.fillRequiredFields),
};

export const teamMemberCreateSchema = z.object(teamMemberFields);
export const teamMemberUpdateSchema = z.object(teamMemberFields).partial();

export type TeamMemberCreateInput = z.infer<typeof teamMemberCreateSchema>;
export type TeamMemberUpdateInput = z.infer<typeof teamMemberUpdateSchema>;
