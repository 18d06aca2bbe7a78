import { MESSAGES } from '../../../core/messages';
import { useHydrated } from '../../lib/client-state';
import { dashboardRequest, errorText } from './dashboard-api';
import { NoticeArea, type NoticeReport, useNotice } from './notice';
import { useFormSubmit } from './use-form-submit';

/**
 * A button that makes one POST call to `path` and says how it went in the message area under it (Back up now, Send
 * a test e-mail, Send it now): `onAnswer` words the server's answer, if the page's new data does not say it; a call
 * that fails says the server's or the network's error.
 */
export function CallButton<T>({
  path,
  label,
  busyLabel,
  onAnswer,
}: {
  path: string;
  label: string;
  /** The button's words while the call runs: "Sending...". */
  busyLabel: string;
  onAnswer?: (answer: T, report: NoticeReport) => void;
}) {
  const hydrated = useHydrated();
  const { notice, showSuccess, showError, clear } = useNotice();
  const { busy, submit } = useFormSubmit();

  async function call() {
    if (busy) return;
    clear();
    const result = await submit({
      send: () => dashboardRequest<{ data: T }>('POST', path),
      onFailure: (failure) => showError(errorText(failure, MESSAGES.internalError)),
    });
    if (result.ok) onAnswer?.(result.data.data, { showSuccess, showError });
  }

  return (
    <>
      {/*
        Disabled until the page's script runs, as it sends the call (no form to post without JavaScript); while the
        call runs, aria-disabled rather than disabled, which would take the keyboard's focus off it (and only then:
        HTML forbids both at once).
      */}
      <button type="button" className="button" onClick={call} disabled={!hydrated} aria-disabled={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
      <NoticeArea notice={notice} onDismiss={clear} />
    </>
  );
}
