import type { ActiveSession } from '../../../../core/account';
import { formatDateTime } from '../../../lib/format';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import type { NoticeReport } from '../notice';
import { useFormSubmit } from '../use-form-submit';
import { accountRequest, reportAccountFailure } from './account-api';

const SIGN_OUT_FAILED = 'Error signing the session out';

/** Where the administrator is signed in; any other session can be signed out, one or all at once. */
export function SessionsTable({ sessions, report }: { sessions: ActiveSession[]; report: NoticeReport }) {
  const zone = useSiteTimeZone();
  const { submit, busy } = useFormSubmit();
  const onFailure = reportAccountFailure(report, SIGN_OUT_FAILED);
  const others = sessions.filter((session) => !session.current).length;

  async function signOut(session: ActiveSession) {
    const ended = await submit({
      send: () => accountRequest('DELETE', `/api/account/sessions/${encodeURIComponent(session.id)}`),
      onFailure,
    });
    if (ended.ok) report.showSuccess(`Signed out ${session.device} (${session.ip}).`);
  }

  async function signOutOthers() {
    const result = await submit({
      send: () => accountRequest<{ ended: number }>('DELETE', '/api/account/sessions'),
      onFailure,
    });
    if (!result.ok) return;
    const { ended } = result.data;
    report.showSuccess(`Signed out ${ended} other session${ended === 1 ? '' : 's'}.`);
  }

  return (
    <>
      <div className="account__table" role="group" aria-labelledby="account-sessions-title" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Address</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <td>{session.device}</td>
                <td>{session.ip}</td>
                <td>
                  <time dateTime={session.signedInAt}>{formatDateTime(session.signedInAt, zone)}</time>
                </td>
                <td>
                  <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt, zone)}</time>
                </td>
                <td>
                  {session.current ? (
                    <strong>This device</strong>
                  ) : (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={busy}
                      aria-label={`Sign out ${session.device} at ${session.ip}`}
                      onClick={() => void signOut(session)}
                    >
                      Sign out
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="button button--ghost"
        disabled={busy || others === 0}
        onClick={() => void signOutOthers()}
      >
        Sign out all other sessions
      </button>
    </>
  );
}
