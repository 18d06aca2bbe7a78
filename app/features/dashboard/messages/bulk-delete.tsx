import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useHydrated } from '../../../lib/client-state';

/** The form the messages' checkboxes belong to (through their `form` attribute: forms cannot nest). */
export const BULK_FORM_ID = 'messages-bulk';

interface BulkDeleteProps {
  /** Messages on this page, and how many of them are chosen. */
  shown: number;
  chosen: number;
  onChooseAll: (chosen: boolean) => void;
  /** The ids the server was asked to confirm deleting: the same question, for a browser without JavaScript. */
  askedIds?: number[];
}

function ConfirmBulkDelete({ count, children }: { count: number; children: ReactNode }) {
  return (
    <div className="message__confirm" role="group" aria-label="Confirm deleting the selected messages">
      <span>{`Delete ${count} ${count === 1 ? 'message' : 'messages'}?`}</span>
      {children}
    </div>
  );
}

/**
 * Choose all on the page, then delete the chosen messages after a confirmation: asked in place with
 * JavaScript, or by the server (the page comes back with the question) without it.
 */
export function BulkDelete({ shown, chosen, onChooseAll, askedIds }: BulkDeleteProps) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const [confirming, setConfirming] = useState(false);
  const chooseAll = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (chooseAll.current) chooseAll.current.indeterminate = chosen > 0 && chosen < shown;
  }, [chosen, shown]);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  let question: ReactNode;
  if (confirming && chosen > 0) {
    question = (
      <ConfirmBulkDelete count={chosen}>
        <button ref={confirmButton} type="submit" name="intent" value="bulk-delete" className="button">
          Yes, delete {chosen}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </ConfirmBulkDelete>
    );
  } else if (askedIds && askedIds.length > 0 && chosen === 0) {
    question = (
      <ConfirmBulkDelete count={askedIds.length}>
        {askedIds.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <button type="submit" name="intent" value="bulk-delete" className="button">
          Yes, delete {askedIds.length}
        </button>
        <Link to={pathname + search} className="button button--ghost">
          Cancel
        </Link>
      </ConfirmBulkDelete>
    );
  }

  return (
    <Form method="post" id={BULK_FORM_ID} className="messages-bulk" onSubmit={() => setConfirming(false)}>
      <label className="messages-bulk__all">
        <input
          ref={chooseAll}
          type="checkbox"
          checked={shown > 0 && chosen === shown}
          onChange={(event) => onChooseAll(event.target.checked)}
        />
        Select all on this page
      </label>
      {question ?? (
        <button
          type="submit"
          name="intent"
          value="confirm-bulk-delete"
          className="button button--ghost"
          disabled={hydrated && chosen === 0}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setConfirming(true);
          }}
        >
          {hydrated ? `Delete selected (${chosen})` : 'Delete selected'}
        </button>
      )}
    </Form>
  );
}
