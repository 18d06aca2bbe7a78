/**
 * The end of every dashboard form: what went wrong (if anything), Cancel, and
 * the submit button, which says what it is doing while the call runs.
 */
export function FormActions({
  error,
  busy,
  submitLabel,
  busyLabel = 'Saving...',
  onCancel,
  onSubmit,
  disabled = false,
}: {
  error?: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  onCancel: () => void;
  /** For a dialog that is not a form; without it the button submits its form. */
  onSubmit?: () => void;
  disabled?: boolean;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="dashboard-form__error">
          {error}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type={onSubmit ? 'button' : 'submit'} className="button" onClick={onSubmit} disabled={busy || disabled}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}
