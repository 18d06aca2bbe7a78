import { z } from 'zod';
import { projectImageRefSchema } from './project.schema';

const fraction = z
  .number({ error: 'Must be a number from 0 to 1' })
  .min(0, 'Must be a number from 0 to 1')
  .max(1, 'Must be a number from 0 to 1');

/** PUT /api/media/focal-point: any stored image, by its path, and the subject's place in it. */
export const focalPointSchema = z.object({
  imageUrl: projectImageRefSchema.shape.imageUrl,
  x: fraction,
  y: fraction,
});
