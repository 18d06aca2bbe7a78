import { type RefObject, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ZodType } from 'zod';
import { fieldMessages } from '../../../../core/schemas/fields';
import { useFieldErrors } from '../use-schema-form';
import { ApiError } from '../../../lib/api-client';
import { dashboardRequest, withDetail } from '../dashboard-api';
import type { NoticeReport } from '../notice';

interface SaveCall {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** What is checked and sent; without a schema nothing is checked here. */
  body?: object;
  schema?: ZodType;
  success: string;
  failure: string;
}

/**
 * One JSON write of the site-texts screen: checked with the API's own schema first (so the messages are the
 * server's), sent, then the page's loader runs again. Field messages come back keyed like the API's `fields`
 * ('vision', 'items.0.title'); the first invalid control of the form gets focus so its message is read out.
 */
export function useSave(notices: NoticeReport, form?: RefObject<HTMLFormElement | null>) {
  const revalidator = useRevalidator();
  const { errors, showErrors } = useFieldErrors(form);
  const [busy, setBusy] = useState(false);

  async function save({ method, path, body, schema, success, failure }: SaveCall): Promise<boolean> {
    const checked = schema?.safeParse(body);
    if (checked && !checked.success) {
      showErrors(fieldMessages(checked.error));
      return false;
    }
    showErrors({});
    setBusy(true);
    try {
      await dashboardRequest(method, path, body);
      await revalidator.revalidate();
      notices.showSuccess(success);
      return true;
    } catch (error) {
      showErrors(error instanceof ApiError ? (error.fields ?? {}) : {});
      notices.showError(withDetail(failure, error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { errors, busy, save };
}

/** The named text fields of a form, as the API takes them. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}
