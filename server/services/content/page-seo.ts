import { pageSeoSchema } from '../../../core/schemas/site-texts.schema';
import type { PageSeo } from '../../../core/types';
import { changeContent } from '../cache/content-version';
import { nowIso, type ServiceContext } from '../context';
import { parseInput } from '../errors';

/** The pages whose owner gave them a description or a social image. */
export async function listPageSeo(ctx: ServiceContext): Promise<PageSeo[]> {
  return ctx.db.selectFrom('pageSeo').select(['path', 'description', 'image']).orderBy('path').execute();
}

/** Sets both fields of one page; empty ones give the page its own back. */
export async function updatePageSeo(ctx: ServiceContext, input: unknown): Promise<PageSeo> {
  const { path, seoDescription, seoImage } = parseInput(pageSeoSchema, input);
  const values = { description: seoDescription ?? null, image: seoImage ?? null, updatedAt: nowIso() };
  return changeContent(ctx.db, async (trx) => {
    await trx
      .insertInto('pageSeo')
      .values({ path, ...values })
      .onConflict((conflict) => conflict.column('path').doUpdateSet(values))
      .execute();
    return { path, description: values.description, image: values.image };
  });
}
