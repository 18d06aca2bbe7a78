import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../core/constants';

const HOVER_CLICK_GRACE_MS = 400;

/**
 * Open/close state for a dropdown: opens on hover or click, closes
 * DROPDOWN_CLOSE_DELAY_MS after the pointer leaves, on a click outside
 * `container`, and on Escape.
 */
export function useDismissable<T extends string>(container: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState<T | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A pointer that hovers a menu open and then clicks its toggle means "open", not "close again".
  const hoveredOpenAt = useRef(0);

  const cancelClose = useCallback(() => clearTimeout(closeTimer.current), []);
  const show = useCallback(
    (name: T) => {
      cancelClose();
      hoveredOpenAt.current = Date.now();
      setOpen(name);
    },
    [cancelClose],
  );
  const closeSoon = useCallback(() => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(null), DROPDOWN_CLOSE_DELAY_MS);
  }, [cancelClose]);
  const close = useCallback(() => {
    cancelClose();
    setOpen(null);
  }, [cancelClose]);
  const toggle = useCallback((name: T) => {
    const justHovered = Date.now() - hoveredOpenAt.current < HOVER_CLICK_GRACE_MS;
    setOpen((current) => (current === name && !justHovered ? null : name));
  }, []);

  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, container]);

  useEffect(() => cancelClose, [cancelClose]);

  return { open, show, closeSoon, close, toggle, cancelClose };
}
