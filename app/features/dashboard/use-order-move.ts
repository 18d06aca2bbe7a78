import { MESSAGES } from '../../../core/messages';
import { dashboardRequest, withDetail } from './dashboard-api';
import { useFormSubmit } from './use-form-submit';

type Neighbour = { id: number } | null;

/** The `{ after, before }` of a move, by id (decision 041). */
export function byId(neighbours: { after: Neighbour; before: Neighbour }) {
  return { after: neighbours.after?.id ?? null, before: neighbours.before?.id ?? null };
}

/**
 * One move of a sortable list, sent as `PUT <path>` through the dashboard's one submit hook (so the page's
 * data is loaded again after it, done or refused); a failure is told with `showError`. Resolves whether it saved.
 */
export function useOrderMove(showError: (text: string) => void) {
  const { submit } = useFormSubmit();
  return async (path: string, body: object): Promise<boolean> => {
    const result = await submit({ send: () => dashboardRequest('PUT', path, body) });
    if (!result.ok) showError(withDetail(MESSAGES.errorSavingOrder, result));
    return result.ok;
  };
}
