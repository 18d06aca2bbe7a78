import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../core/messages';
import { dashboardRequest, withDetail } from './dashboard-api';
import { useFormSubmit } from './use-form-submit';

/**
 * What a dialog shows in place of its form when Cancel came too late for a new item (the server had every byte and
 * stored it, `cancelTooLate`): that it exists, with Delete it and Keep it. Closing the dialog keeps it.
 */
export function CreatedBeforeCancel({
  what,
  deletePath,
  deleteError,
  onCancelled,
  onKept,
}: {
  /** The item as the sentence names it: 'The project “Haa farmhouse”'. */
  what: string;
  /** The item's DELETE call, e.g. /api/projects/12. */
  deletePath: string;
  /** SPEC section 8's alert for a failed deletion, e.g. 'Error deleting project'. */
  deleteError: string;
  /** Told, once it is deleted, what the page's message area says. */
  onCancelled: (outcome: string) => void;
  onKept: () => void;
}) {
  const { submit, busy } = useFormSubmit();
  const deleteButton = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The form this replaces held the focus.
  useEffect(() => deleteButton.current?.focus(), []);

  async function deleteIt() {
    const result = await submit({ send: () => dashboardRequest('DELETE', deletePath) });
    if (result.ok) onCancelled(MESSAGES.deletedAfterCancel(what));
    else setFailure(withDetail(deleteError, result));
  }

  return (
    <div className="created-before-cancel">
      <p role="alert" className="notice notice--error">
        {MESSAGES.createdBeforeCancel(what)}
      </p>
      {failure && (
        <p role="alert" className="dashboard-form__error">
          {failure}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onKept}>
          Keep it
        </button>
        <button ref={deleteButton} type="button" className="button" disabled={busy} onClick={() => void deleteIt()}>
          {busy ? 'Deleting...' : 'Delete it'}
        </button>
      </div>
    </div>
  );
}

/** The same for a project (the project form's and the hero banner's). */
export function ProjectCreatedBeforeCancel({
  project,
  onCancelled,
  onKept,
}: {
  project: { id: number; title: string };
  onCancelled: (outcome: string) => void;
  onKept: () => void;
}) {
  return (
    <CreatedBeforeCancel
      what={`The project “${project.title}”`}
      deletePath={`/api/projects/${project.id}`}
      deleteError={MESSAGES.errorDeletingProject}
      onCancelled={onCancelled}
      onKept={onKept}
    />
  );
}
