import { type ReactNode, useEffect, useId, useRef } from 'react';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * A modal `<dialog>`: the page behind is inert, Tab and Shift+Tab cycle
 * inside it, Escape and the × close it, and focus goes back to the opener.
 * Mount it to open it; unmount it (from `onClose`) to close it.
 */
export function Modal({
  title,
  onClose,
  children,
  className,
  closeLabel = 'Close',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  closeLabel?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const element = dialog.current;
    element?.showModal();
    // Focus the first field rather than the × when there is one.
    element?.querySelector<HTMLElement>(`.modal__body :is(${FOCUSABLE})`)?.focus();
    return () => opener?.focus();
  }, []);

  function trapTab(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (item) => item.offsetParent !== null || item === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="modal__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}

/** "Are you sure?" before anything is deleted (SPEC section 5), as a dialog rather than `window.confirm`. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = 'Delete',
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={onCancel} className="modal--confirm">
      <p>{message}</p>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working...' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
