import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useFormSubmit } from '../use-form-submit';
import { deleteMessages, outcomeOf, type ReportOutcome } from './inbox-write';

/** The form the messages' checkboxes belong to (through their `form` attribute: forms cannot nest). */
export const BULK_FORM_ID = 'messages-bulk';

interface BulkDeleteProps {
  /** Messages on this page, and how many of them are chosen. */
  shown: number;
  chosen: number;
  onChooseAll: (chosen: boolean) => void;
  onOutcome: ReportOutcome;
}

function ConfirmBulkDelete({ count, children }: { count: number; children: ReactNode }) {
  return (
    <div className="message__confirm" role="group" aria-label="Confirm deleting the selected messages">
      <span>{`Move ${count} ${count === 1 ? 'message' : 'messages'} to the Trash?`}</span>
      {children}
    </div>
  );
}

/** Choose all on the page, then delete the chosen messages after a confirmation asked in place. */
export function BulkDelete({ shown, chosen, onChooseAll, onOutcome }: BulkDeleteProps) {
  const { busy, submit } = useFormSubmit();
  const [confirming, setConfirming] = useState(false);
  const chooseAll = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (chooseAll.current) chooseAll.current.indeterminate = chosen > 0 && chosen < shown;
  }, [chosen, shown]);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const question = confirming && chosen > 0 && (
    <ConfirmBulkDelete count={chosen}>
      <button ref={confirmButton} type="submit" className="button" disabled={busy}>
        Yes, delete {chosen}
      </button>
      <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </ConfirmBulkDelete>
  );

  // The messages' checkboxes belong to this form, so its data holds the chosen ids.
  async function deleteChosen(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ids = new FormData(event.currentTarget).getAll('ids').map(Number);
    const result = await submit({ send: () => deleteMessages(ids) });
    setConfirming(false);
    onOutcome(outcomeOf(result, result.ok ? result.data.data.deleted : undefined));
  }

  return (
    <form id={BULK_FORM_ID} className="messages-bulk" onSubmit={(event) => void deleteChosen(event)}>
      <label className="messages-bulk__all">
        <input
          ref={chooseAll}
          type="checkbox"
          checked={shown > 0 && chosen === shown}
          onChange={(event) => onChooseAll(event.target.checked)}
        />
        Select all on this page
      </label>
      {question || (
        <button
          type="button"
          className="button button--ghost"
          disabled={chosen === 0}
          onClick={() => setConfirming(true)}
        >
          {`Delete selected (${chosen})`}
        </button>
      )}
    </form>
  );
}
