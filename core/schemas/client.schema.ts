import { z } from 'zod';
import { CLIENT_CATEGORIES, CLIENT_STATUSES, DEFAULT_CLIENT_CATEGORY, DEFAULT_CLIENT_STATUS } from '../constants';
import { oneOf, optionalHttpUrl, optionalText, requiredText } from './fields';

const clientFields = {
  name: requiredText('Name is required'),
  description: optionalText(2000),
  website: optionalHttpUrl(),
  category: oneOf(CLIENT_CATEGORIES, 'Please choose a valid category'),
  status: oneOf(CLIENT_STATUSES, 'Please choose a valid status'),
};

export const clientCreateSchema = z.object({
  ...clientFields,
  category: clientFields.category.default(DEFAULT_CLIENT_CATEGORY),
  status: clientFields.status.default(DEFAULT_CLIENT_STATUS),
});

export const clientUpdateSchema = z.object(clientFields).partial();

export type ClientCreateInput = z.infer<typeof clientCreateSchema>;
export type ClientUpdateInput = z.infer<typeof clientUpdateSchema>;
