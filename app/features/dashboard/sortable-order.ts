/** The pure part of the sortable list: where an item lands, and which neighbours a move names. */

/** `ids` with the item at `from` moved to `to`. */
export function moved<Id>(ids: Id[], from: number, to: number): Id[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The neighbours a move names to the server (decision 041): the item now before the moved one, else the one
 * after it (at the start). Either one places it; the list may be a subset of the server's (a filter, the hero).
 */
export function neighboursAt<Id>(ids: Id[], index: number): { after: Id | null; before: Id | null } {
  return { after: ids[index - 1] ?? null, before: index === 0 ? (ids[1] ?? null) : null };
}
