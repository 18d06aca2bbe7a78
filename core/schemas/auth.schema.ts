import { z } from 'zod';
import { requiredText } from './fields';

export const loginSchema = z.object({
  username: requiredText('Username is required', 100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000),
});

export type LoginInput = z.infer<typeof loginSchema>;
