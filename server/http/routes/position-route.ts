import type { Router } from 'express';
import type { ServiceContext } from '../../services/context';
import { moveItem, type OrderedList } from '../../services/content/manual-order';
import { bodyFields, idParam } from '../params';
import { requireAdmin } from '../session';

/**
 * `PUT <path>/{id}/position` with `{ after, before }`: one move in a list the owner orders (decision 041),
 * answered with the moved item's id; the page's loaders read the new order.
 */
export function addPositionRoute(router: Router, ctx: ServiceContext, path: string, list: OrderedList): void {
  router.put(`${path}/:id/position`, requireAdmin, async (req, res) => {
    const id = idParam(req, list.missing);
    await moveItem(ctx, list, id, bodyFields(req));
    res.json({ data: { id } });
  });
}
