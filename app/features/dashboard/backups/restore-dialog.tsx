import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { backupCreatedAt } from '../../../../core/backup-name';
import { MESSAGES } from '../../../../core/messages';
import type { RestoreStarted, RestoreStatus } from '../../../../core/types';
import { Modal } from '../../../ui/modal';
import { SiteDateTime } from '../../../ui/site-date-time';
import { dashboardRequest } from '../dashboard-api';
import { PasswordAgainField } from '../password-again-field';
import { UploadProgress } from '../upload-progress';
import { useFormSubmit } from '../use-form-submit';
import { RESTORE_POLL_MS, restoredLoginPath } from './restore-outcome';

/** What is restored: a backup of the list (on this server or in the bucket), or a file the owner chose. */
export type RestoreSource = { kind: 'listed'; name: string; createdAt: string } | { kind: 'file'; file: File };

type Step = 'confirm' | 'uploading' | 'checking' | 'restarting';

const STEPS: { step: Exclude<Step, 'confirm'>; words: string }[] = [
  { step: 'uploading', words: 'Uploading the file' },
  { step: 'checking', words: 'Checking the backup' },
  { step: 'restarting', words: 'Replacing the data and restarting the site' },
];

/**
 * Asks the server every RESTORE_POLL_MS how restore `id` goes, until the site is back: a 401 (every session ended)
 * means it came back on the restored data; `not-swapped` that it came back on its data as it was.
 */
function useRestoreOutcome(started: RestoreStarted | undefined, onNotSwapped: (status: RestoreStatus) => void) {
  useEffect(() => {
    if (!started) return;
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await fetch(`/api/backups/restore/${encodeURIComponent(started.id)}`, { cache: 'no-store' });
        if (answer.status === 401) return window.location.assign(restoredLoginPath(started.createdAt));
        if (answer.ok) {
          const { data } = (await answer.json()) as { data: RestoreStatus };
          if (data.state === 'not-swapped') return onNotSwapped(data);
        }
      } catch {
        // Restarting: nothing answers for a moment.
      }
      if (!stopped) setTimeout(() => void ask(), RESTORE_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
    };
  }, [started, onNotSwapped]);
}

/**
 * The confirmation of a restore, which says what it does, asks for the password again, and then shows its steps:
 * the upload (with its progress), the checks, the swap and restart, after which the sign-in page says it is done.
 */
export function RestoreDialog({ source, onClose }: { source: RestoreSource; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<Step>('confirm');
  const [started, setStarted] = useState<RestoreStarted>();
  const [failure, setFailure] = useState<{ message: string; detail?: string }>();
  const { form, submit, uploads, errors } = useFormSubmit();
  const onNotSwapped = useCallback((status: RestoreStatus) => {
    if (status.state !== 'not-swapped') return;
    setStarted(undefined);
    setStep('confirm');
    setFailure({ message: status.message, detail: status.detail });
  }, []);
  useRestoreOutcome(started, onNotSwapped);

  const createdAt = source.kind === 'listed' ? source.createdAt : backupCreatedAt(source.file.name);
  const when = createdAt ? <SiteDateTime at={createdAt} /> : 'the time this backup was made';
  // Once the last byte has gone up, the server is checking it.
  const uploaded = uploads[0];
  const shownStep = step === 'uploading' && uploaded && uploaded.sent >= uploaded.size ? 'checking' : step;

  async function restore(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(undefined);
    const result = await submit({
      more: password ? {} : { password: MESSAGES.currentPasswordRequired },
      revalidateOnSuccess: false,
      send: (_checked, upload) => {
        if (source.kind === 'listed') {
          setStep('checking');
          const path = `/api/backups/${encodeURIComponent(source.name)}/restore`;
          return dashboardRequest<{ data: RestoreStarted }>('POST', path, { password });
        }
        setStep('uploading');
        const body = new FormData();
        body.append('password', password);
        body.append('archive', source.file);
        return dashboardRequest<{ data: RestoreStarted }>('POST', '/api/backups/restore', body, upload);
      },
      onFailure: ({ error, fields }) => {
        setStep('confirm');
        // A field's message (the password) is shown at the field.
        if (error && !fields) setFailure({ message: error });
      },
    });
    if (result.ok) {
      setStep('restarting');
      setStarted(result.data.data);
    }
  }

  const steps = STEPS.filter(({ step: shown }) => shown !== 'uploading' || source.kind === 'file');
  const current = steps.findIndex((shown) => shown.step === shownStep);
  return (
    <Modal title="Restore this backup?" onClose={step === 'confirm' ? onClose : () => undefined}>
      <form ref={form} className="dashboard-form backups__restore" noValidate onSubmit={(event) => void restore(event)}>
        <ul className="backups__consequences">
          <li>
            The site’s content goes back to how it was on {when}: whatever was added or changed since is replaced.
          </li>
          <li>Everyone is signed out, you too: sign in again with the password the backup holds.</li>
          <li>
            The data it replaces is kept on the server, in a folder named <code>before-restore-…</code> in the data
            folder.
          </li>
          <li>The site is unavailable for a few seconds while it restarts.</li>
        </ul>
        {failure && (
          <div className="notice notice--error" role="alert">
            <p className="notice__text">{failure.message}</p>
            {failure.detail && <p className="backups__hint">{failure.detail}</p>}
          </div>
        )}
        {step === 'confirm' ? (
          <>
            <PasswordAgainField idPrefix="restore" value={password} onChange={setPassword} error={errors.password} />
            <div className="modal__actions">
              <button type="button" className="button button--ghost" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="button">
                Restore
              </button>
            </div>
          </>
        ) : (
          <ol className="backups__progress" aria-live="polite">
            {steps.map((shown, index) => (
              <li
                key={shown.step}
                aria-current={index === current ? 'step' : undefined}
                className={index < current ? 'backups__step--done' : undefined}
              >
                {shown.words}
                {index < current ? ': done' : index === current ? '...' : ''}
                {shown.step === 'uploading' && shownStep === 'uploading' && <UploadProgress files={uploads} />}
              </li>
            ))}
          </ol>
        )}
      </form>
    </Modal>
  );
}
