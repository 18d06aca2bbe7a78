import type { BackupOverview } from '../../../../core/types';

/**
 * How a backup comes back on the server, for whoever runs it: the commands of the README's "Back up" section. An
 * archive also comes back from this page (Restore in the list, or Restore from a file, decision 037); pg_dump's
 * files only this way.
 */
export function RestoreSteps({ format }: { format: NonNullable<BackupOverview['format']> }) {
  return (
    <section className="dashboard-card backups__card" aria-labelledby="backups-restore-title">
      <h2 id="backups-restore-title">Bringing a backup back</h2>
      {format === 'archive' ? (
        <>
          <p>
            Restore in the list above brings a backup back from here, and replaces everything the site holds now.
            Whoever runs the server can do the same there, with the site stopped:
          </p>
          <ol className="backups__steps">
            <li>Stop the site.</li>
            <li>
              In the site’s folder on the server, as the site’s user and with the same DATA_DIR, run{' '}
              <code>npm run restore -- DATA_DIR/backups/&lt;the backup’s file&gt;</code>. A backup whose name ends in
              “.enc” is encrypted: the restore takes its passphrase from BACKUP_PASSPHRASE, or asks for it.
            </li>
            <li>Start the site again.</li>
          </ol>
          <p>
            The restore checks the backup before it changes anything, and keeps what it replaces in the folder
            “before-restore-…” in DATA_DIR. It signs everyone out: sign in again with the password the backup holds.
          </p>
        </>
      ) : (
        <>
          <p>
            A backup is brought back on the server, by whoever runs it, and replaces everything the site holds now. A
            backup that is only in the bucket is downloaded first.
          </p>
          <ol className="backups__steps">
            <li>Stop every instance of the site.</li>
            <li>
              Run{' '}
              <code>pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" &lt;the backup’s file&gt;</code>
            </li>
            <li>
              Sign everyone out, as the sessions came back with it:{' '}
              <code>psql "$DATABASE_URL" -c 'delete from sessions'</code>
            </li>
            <li>Start the site again, and sign in with the password the backup holds.</li>
          </ol>
        </>
      )}
    </section>
  );
}
