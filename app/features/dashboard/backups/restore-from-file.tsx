import { type FormEvent, useState } from 'react';
import { RESTORE_UPLOAD_MAX_BYTES, RESTORE_UPLOAD_MAX_GB } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { Field } from '../../../ui/field';
import { RestoreDialog } from './restore-dialog';

/** A backup file kept elsewhere (a download, a copy on another machine), chosen and then confirmed as in the list. */
export function RestoreFromFile() {
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setError(MESSAGES.restoreUploadMissing);
    if (file.size > RESTORE_UPLOAD_MAX_BYTES) return setError(MESSAGES.restoreUploadTooLarge);
    setError(undefined);
    setConfirming(true);
  }

  return (
    <section className="dashboard-card backups__card" aria-labelledby="backups-file-title">
      <h2 id="backups-file-title">Restore from a file</h2>
      <p>
        A backup of this site saved elsewhere (a file whose name ends in .tar.gz, or .tar.gz.enc when encrypted), up to{' '}
        {RESTORE_UPLOAD_MAX_GB} GB. It is checked before anything is replaced.
      </p>
      <form className="dashboard-form" noValidate onSubmit={choose}>
        <Field idPrefix="restore-file" name="archive" label="Backup file" error={error} required>
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".gz,.enc"
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <button type="submit" className="button button--ghost">
          Restore from this file
        </button>
      </form>
      {confirming && file && <RestoreDialog source={{ kind: 'file', file }} onClose={() => setConfirming(false)} />}
    </section>
  );
}
