import { type KeyboardEvent, type PointerEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { moved, neighboursAt } from './sortable-order';
import './sortable-list.css';

type Id = string | number;

/** The item being moved: where it started, and whether the keyboard or a pointer (mouse, pen, finger) holds it. */
interface Lift {
  id: Id;
  from: number;
  by: 'keyboard' | 'pointer';
  /** The item the pointer last swapped places with: not swapped again until the pointer leaves it. */
  passed?: Id;
}

/**
 * A list the owner orders (decision 041), as an accessible sortable list does: each item has a handle that is
 * dragged with a mouse or a finger, or, from the keyboard, lifted with Space or Enter, moved with the arrow keys
 * and dropped with Space or Enter (Escape puts it back); every step is announced ("Moved to position 3 of 8").
 * A drop sends one move, `onMove`, naming the item's new neighbour; the list shows the new order until the
 * page's data follows, or goes back if the move failed.
 */
export function SortableList<T>({
  items,
  idOf,
  labelOf,
  onMove,
  renderItem,
  label,
  itemLabelledBy,
  className = '',
  itemClassName = '',
  disabled = false,
}: {
  items: T[];
  idOf: (item: T) => Id;
  /** What the item is called in the handle's name and the announcements, e.g. "Testimonial of Pema". */
  labelOf: (item: T) => string;
  /** Sends the move; resolves true once it is saved and the page's data reloaded. */
  onMove: (item: T, neighbours: { after: T | null; before: T | null }) => Promise<boolean>;
  /** The item's content, with its handle placed where it belongs. */
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
  /** The list's accessible name, when it needs one. */
  label?: string;
  /** The id of the element that names an item, when the item needs a name. */
  itemLabelledBy?: (item: T, index: number) => string;
  className?: string;
  itemClassName?: string;
  disabled?: boolean;
}) {
  const hintId = useId();
  const [order, setOrder] = useState<Id[] | null>(null);
  const [lift, setLift] = useState<Lift | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<Id, HTMLButtonElement>());
  const rows = useRef(new Map<Id, HTMLLIElement>());

  const byId = new Map(items.map((item) => [idOf(item), item]));
  // A preview names only items still there; ones added meanwhile join at the end.
  const shownIds = order
    ? [...order.filter((id) => byId.has(id)), ...items.map(idOf).filter((id) => !order.includes(id))]
    : items.map(idOf);
  const shown = shownIds.map((id) => byId.get(id)!);
  const total = shown.length;

  // Moving an element in the DOM can take the focus from it: the held handle keeps it.
  useLayoutEffect(() => {
    if (lift?.by === 'keyboard') handles.current.get(lift.id)?.focus();
  }, [lift, order]);

  function pickUp(id: Id, by: Lift['by']) {
    const from = shownIds.indexOf(id);
    setOrder(shownIds);
    setLift({ id, from, by });
    if (by === 'keyboard') {
      setAnnouncement(
        `Picked up ${labelOf(byId.get(id)!)}, position ${from + 1} of ${total}. ` +
          'Arrow keys move it, Space drops it, Escape cancels.',
      );
    }
  }

  function step(to: number) {
    if (!lift || to < 0 || to >= total) return;
    const from = shownIds.indexOf(lift.id);
    if (from === to) return;
    setOrder(moved(shownIds, from, to));
    setAnnouncement(`Moved to position ${to + 1} of ${total}.`);
  }

  function cancel() {
    if (!lift) return;
    setOrder(null);
    setLift(null);
    setAnnouncement(`Move cancelled. ${labelOf(byId.get(lift.id)!)} is back at position ${lift.from + 1} of ${total}.`);
  }

  async function drop() {
    if (!lift) return;
    const item = byId.get(lift.id)!;
    const to = shownIds.indexOf(lift.id);
    setLift(null);
    if (to === lift.from) {
      setOrder(null);
      return;
    }
    setAnnouncement(`${labelOf(item)} dropped at position ${to + 1} of ${total}.`);
    const { after, before } = neighboursAt(shownIds, to);
    const saved = await onMove(item, {
      after: after === null ? null : byId.get(after)!,
      before: before === null ? null : byId.get(before)!,
    });
    setOrder(null);
    if (!saved) setAnnouncement(`${labelOf(item)} could not be moved; it is back at position ${lift.from + 1}.`);
  }

  function onKeyDown(event: KeyboardEvent, id: Id) {
    const key = event.key;
    if (!lift) {
      if (key !== ' ' && key !== 'Enter') return;
      event.preventDefault();
      pickUp(id, 'keyboard');
      return;
    }
    if (lift.id !== id || lift.by !== 'keyboard') return;
    const at = shownIds.indexOf(id);
    const moves: Record<string, number> = { ArrowUp: at - 1, ArrowLeft: at - 1, ArrowDown: at + 1, ArrowRight: at + 1 };
    if (key in moves) step(moves[key]!);
    else if (key === ' ' || key === 'Enter') void drop();
    else if (key === 'Escape') cancel();
    else if (key !== 'Tab') return;
    if (key === 'Tab') cancel();
    else event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, id: Id) {
    if (lift || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pickUp(id, 'pointer');
  }

  /** The pointer over another item takes that item's place; each item once until the pointer leaves it. */
  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    if (lift?.by !== 'pointer') return;
    const over = shownIds.find((id) => {
      const box = rows.current.get(id)?.getBoundingClientRect();
      return (
        box &&
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom
      );
    });
    if (over === undefined || over === lift.id) {
      if (lift.passed !== undefined) setLift({ ...lift, passed: undefined });
      return;
    }
    if (over === lift.passed) return;
    setLift({ ...lift, passed: over });
    step(shownIds.indexOf(over));
  }

  return (
    <>
      <p id={hintId} className="visually-hidden">
        To move an item, press Space or Enter on its handle, then the arrow keys, then Space or Enter to drop it, or
        Escape to cancel; or drag the handle.
      </p>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
      <ol className={`sortable ${className}`} aria-label={label}>
        {shown.map((item, index) => {
          const id = idOf(item);
          const held = lift?.id === id;
          const handle = (
            <button
              type="button"
              className="sortable__handle"
              ref={(element) => {
                if (element) handles.current.set(id, element);
                else handles.current.delete(id);
              }}
              aria-label={`Reorder ${labelOf(item)}`}
              aria-describedby={hintId}
              aria-pressed={held}
              disabled={disabled || total < 2}
              onKeyDown={(event) => onKeyDown(event, id)}
              onPointerDown={(event) => onPointerDown(event, id)}
              onPointerMove={onPointerMove}
              onPointerUp={() => lift?.by === 'pointer' && void drop()}
              onPointerCancel={() => lift?.by === 'pointer' && cancel()}
            >
              <span aria-hidden="true">⠿</span>
            </button>
          );
          return (
            <li
              key={id}
              ref={(element) => {
                if (element) rows.current.set(id, element);
                else rows.current.delete(id);
              }}
              className={`sortable__item ${held ? 'sortable__item--held' : ''} ${itemClassName}`}
              aria-labelledby={itemLabelledBy?.(item, index)}
            >
              {renderItem(item, handle, index)}
            </li>
          );
        })}
      </ol>
    </>
  );
}
