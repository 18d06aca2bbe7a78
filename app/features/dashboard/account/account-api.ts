import type { ActionFailure } from '../../../lib/action-result';
import { dashboardRequest, errorText } from '../dashboard-api';
import type { NoticeReport } from '../notice';

/** One call of the account API, answering its `data`. */
export async function accountRequest<T>(method: 'POST' | 'DELETE', path: string, body?: object): Promise<T> {
  const answer = await dashboardRequest<{ data: T }>(method, path, body);
  return answer.data;
}

/**
 * The account forms' `onFailure`: a failure that names fields shows beside them (the submit hook does that) and
 * nowhere else; any other goes into the page's message area, the server's words or else `fallback`.
 */
export function reportAccountFailure(report: NoticeReport, fallback: string) {
  return (failure: ActionFailure) => {
    if (!failure.fields) report.showError(errorText(failure, fallback));
  };
}
