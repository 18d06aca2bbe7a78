import { z } from 'zod';
import { MESSAGES } from '../messages';

/** One move's neighbours, ids or image paths; at least one is named. */
export function orderMove<T extends z.ZodType>(neighbour: T) {
  return {
    after: neighbour.nullable().optional(),
    before: neighbour.nullable().optional(),
  };
}

export function namesNeighbour(move: { after?: unknown; before?: unknown }): boolean {
  return move.after != null || move.before != null;
}

/**
 * One move in a list the owner orders (decision 041): the item goes right after `after`, or, without one, right
 * before `before`, both ids of items of the same list as the owner saw it.
 */
export const orderMoveSchema = z
  .object(orderMove(z.number({ error: MESSAGES.orderPlacementInvalid }).int().positive()))
  .refine(namesNeighbour, MESSAGES.orderPlacementInvalid);

export type OrderMove = z.infer<typeof orderMoveSchema>;
