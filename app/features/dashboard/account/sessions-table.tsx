import type { ActiveSession } from '../../../../core/account';
import { SiteDateTime } from '../../../ui/site-date-time';
import type { NoticeReport } from '../notice';
import { ScrollingTable } from '../scrolling-table';
import { useFormSubmit } from '../use-form-submit';
import { accountRequest, reportAccountFailure } from './account-api';

const SIGN_OUT_FAILED = 'Error signing the session out';

/** Where the administrator is signed in; any other session can be signed out, one or all at once. */
export function SessionsTable({ sessions, report }: { sessions: ActiveSession[]; report: NoticeReport }) {
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
      <ScrollingTable
        labelledBy="account-sessions-title"
        className="account__table"
        columns={['Device', 'Address', 'Signed in', 'Last seen', <span className="visually-hidden">Action</span>]}
      >
        {sessions.map((session) => (
          <tr key={session.id}>
            <td>{session.device}</td>
            <td>{session.ip}</td>
            <td>
              <SiteDateTime at={session.signedInAt} />
            </td>
            <td>
              <SiteDateTime at={session.lastSeenAt} />
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
      </ScrollingTable>
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
