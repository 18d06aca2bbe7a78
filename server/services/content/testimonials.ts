import { MESSAGES } from '../../../core/messages';
import {
  testimonialOrderSchema,
  testimonialSchema,
  testimonialUpdateSchema,
} from '../../../core/schemas/site-texts.schema';
import type { Testimonial } from '../../../core/types';
import type { Db } from '../../db/database';
import { changeContent } from '../cache/content-version';
import { nowIso, type ServiceContext } from '../context';
import { AppError, notFound, parseInput } from '../errors';

const TESTIMONIAL_COLUMNS = ['id', 'name', 'quote', 'title'] as const;

/** In the owner's order; the carousels start with the first. */
export async function selectTestimonials(db: Db): Promise<Testimonial[]> {
  return db.selectFrom('testimonials').select(TESTIMONIAL_COLUMNS).orderBy('sortOrder').orderBy('id').execute();
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
    const { last } = await trx
      .selectFrom('testimonials')
      .select((eb) => eb.fn.max('sortOrder').as('last'))
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const { id } = await trx
      .insertInto('testimonials')
      .values({ ...fields, sortOrder: last === null ? 0 : Number(last) + 1, createdAt: now, updatedAt: now })
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

/** Puts the testimonials in the order given, which must name each of them once. */
export async function reorderTestimonials(ctx: ServiceContext, input: unknown): Promise<Testimonial[]> {
  const { ids } = parseInput(testimonialOrderSchema, input);
  return changeContent(ctx.db, async (trx) => {
    const existing = await trx.selectFrom('testimonials').select('id').execute();
    const known = new Set(existing.map((row) => row.id));
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new AppError(400, MESSAGES.testimonialOrderMismatch);
    }
    const now = nowIso();
    for (const [sortOrder, id] of ids.entries()) {
      await trx.updateTable('testimonials').set({ sortOrder, updatedAt: now }).where('id', '=', id).execute();
    }
    return selectTestimonials(trx);
  });
}
