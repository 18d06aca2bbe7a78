import { z } from 'zod';
import { booleanFlag } from './fields';

/** `DELETE /api/demo-content`'s body: whether SPEC's sample texts go too (the dashboard's box, ticked by default). */
export const demoRemovalSchema = z.object({
  clearDefaultTexts: booleanFlag.optional().default(false),
});
