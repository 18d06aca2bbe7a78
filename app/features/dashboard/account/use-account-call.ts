import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { dashboardRequest, errorText } from '../dashboard-api';
import type { NoticeReport } from '../notice';
import { useFieldErrors } from '../use-schema-form';

/**
 * One call of the account API from a form or a button: busy while it runs, the server's message per
 * field (or in the page's message area), and the page's lists read again afterwards. A form passes
 * `form` as its ref, so that its first invalid field takes the focus.
 */
export function useAccountCall(report: NoticeReport) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const { form, errors: fieldErrors, showErrors: setFieldErrors } = useFieldErrors();

  async function call<T>(
    method: 'POST' | 'DELETE',
    path: string,
    body: object | undefined,
    failure: string,
  ): Promise<T | null> {
    setBusy(true);
    setFieldErrors({});
    try {
      const answer = await dashboardRequest<{ data: T }>(method, path, body);
      return answer.data;
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFieldErrors(error.fields);
      else report.showError(errorText(error, failure));
      return null;
    } finally {
      setBusy(false);
      void revalidate();
    }
  }

  return { form, call, busy, fieldErrors, setFieldErrors };
}
