import { MESSAGES } from '../../../core/messages';
import { testimonialSchema, testimonialUpdateSchema } from '../../../core/schemas/site-texts.schema';
import type { Testimonial } from '../../../core/types';
import type { Db } from '../../db/database';
import { changeContent } from '../cache/content-version';
import { nowIso, type ServiceContext } from '../context';
import { notFound, parseInput } from '../errors';
import { keyAtEnd, TESTIMONIALS_ORDER } from './manual-order';

const TESTIMONIAL_COLUMNS = ['id', 'name', 'quote', 'title'] as const;

/** In the owner's order; the carousels start with the first. */
export async function selectTestimonials(db: Db): Promise<Testimonial[]> {
  return db.selectFrom('testimonials').select(TESTIMONIAL_COLUMNS).orderBy('sortKey').orderBy('id').execute();
}

export async function listTestimonials(ctx: ServiceContext): Promise<Testimonial[]> {
  return selectTestimonials(ctx.db);
}

async function requireTestimonial(db: Db, id: number): Promise<Testimonial> {
  const row = await db.selectFrom('testimonials').select(TESTIMONIAL_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MESSAGES.testimonialNotFound);
  return row;
}

/** A new testimonial goes last. */
export async function createTestimonial(ctx: ServiceContext, input: unknown): Promise<Testimonial> {
  const fields = parseInput(testimonialSchema, input);
  return changeContent(ctx.db, async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('testimonials')
      .values({ ...fields, sortKey: await keyAtEnd(trx, TESTIMONIALS_ORDER, 'end'), createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return requireTestimonial(trx, id);
  });
}

export async function updateTestimonial(ctx: ServiceContext, id: number, input: unknown): Promise<Testimonial> {
  const fields = parseInput(testimonialUpdateSchema, input);
  return changeContent(ctx.db, async (trx) => {
    await requireTestimonial(trx, id);
    await trx
      .updateTable('testimonials')
      .set({ ...fields, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    return requireTestimonial(trx, id);
  });
}

export async function deleteTestimonial(ctx: ServiceContext, id: number): Promise<void> {
  await changeContent(ctx.db, async (trx) => {
    const deleted = await trx.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound(MESSAGES.testimonialNotFound);
  });
}
