import type { ContactStatus } from '../../../../core/constants';
import { dashboardRequest } from '../dashboard-api';
import type { SubmitResult } from '../use-form-submit';

/** What the inbox page says after a write: how many messages went, or why nothing changed. */
export interface InboxOutcome {
  deleted?: number;
  error?: string;
}

/** Told the outcome of each write the inbox's cards and bulk action make. */
export type ReportOutcome = (outcome: InboxOutcome) => void;

/** What "Not spam" gives back: the message has been seen by then. */
export const NOT_SPAM_STATUS: ContactStatus = 'read';

/** The outcome of a write, `deleted` being the messages it removes when done. */
export function outcomeOf(result: SubmitResult<unknown>, deleted?: number): InboxOutcome {
  return result.ok ? { ...(deleted !== undefined && { deleted }) } : { error: result.error };
}

export const setMessageStatus = (id: number, status: string) =>
  dashboardRequest('PUT', `/api/contacts/${id}`, { status });

export const deleteMessage = (id: number) => dashboardRequest('DELETE', `/api/contacts/${id}`);

export const deleteMessages = (ids: number[]) =>
  dashboardRequest<{ data: { deleted: number } }>('POST', '/api/contacts/bulk-delete', { ids });
