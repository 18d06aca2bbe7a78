import { describe, expect, it } from 'vitest';
import { changeContent, readContentVersion } from '../../server/services/cache/content-version';
import { listContactMessages } from '../../server/services/content/contacts';
import { listTestimonials } from '../../server/services/content/testimonials';
import { contextPerTest } from '../support/domain-context';
import { addContactMessage, addTestimonial } from '../support/domain-factories';

// Issue 27: one way to change content. The walk over every write is tests/api/content-freshness.test.ts.

const site = contextPerTest();

const versions = async () => ({ stored: await readContentVersion(site.ctx.db) });

describe('changeContent', () => {
  it('bumps the content version once per change, with the change', async () => {
    const before = await versions();
    await addTestimonial(site.ctx);
    expect(await versions()).toEqual({ stored: before.stored + 1 });
  });

  it('runs a nested change in its caller’s transaction and bumps once', async () => {
    const before = await versions();
    await changeContent(site.ctx.db, async (trx) => {
      await changeContent(trx, async (inner) => {
        expect(inner).toBe(trx);
        await inner.updateTable('siteTexts').set({ vision: 'Nested.' }).where('id', '=', 1).execute();
      });
    });
    expect((await versions()).stored).toBe(before.stored + 1);
  });

  it('leaves the version and the rows as they were when the change fails', async () => {
    const before = await versions();
    const count = (await listTestimonials(site.ctx)).length;
    await expect(
      changeContent(site.ctx.db, async (trx) => {
        await trx
          .insertInto('testimonials')
          .values({ name: 'x', quote: 'y', title: 'z', sortKey: 'z', createdAt: '', updatedAt: '' })
          .execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await versions()).stored).toBe(before.stored);
    expect(await listTestimonials(site.ctx)).toHaveLength(count);
  });

  it('refuses to run inside a transaction that is not a content change', async () => {
    await expect(site.ctx.db.transaction().execute((trx) => changeContent(trx, async () => undefined))).rejects.toThrow(
      /inside a transaction/,
    );
  });

  it('is not called for a contact message, which no public page shows', async () => {
    const before = await versions();
    await addContactMessage(site.ctx);
    expect(await listContactMessages(site.ctx)).toHaveLength(1);
    expect(await versions()).toEqual(before);
  });
});
