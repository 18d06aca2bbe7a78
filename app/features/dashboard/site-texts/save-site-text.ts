import type { ZodType } from 'zod';
import { dashboardRequest, withDetail } from '../dashboard-api';
import type { NoticeReport } from '../notice';
import type { useFormSubmit } from '../use-form-submit';

interface SiteTextWrite {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** What is checked and sent as JSON; without a schema nothing is checked. */
  body?: object;
  schema?: ZodType;
  success: string;
  failure: string;
}

/**
 * One JSON write of the site-texts screen through the form's submit hook (checked with the API's own schema, so
 * the messages are the server's, keyed like the API's `fields`: 'vision', 'items.0.title'), said in the page's
 * message area. True once saved.
 */
export async function saveSiteText(
  submit: ReturnType<typeof useFormSubmit>['submit'],
  notices: NoticeReport,
  { method, path, body, schema, success, failure }: SiteTextWrite,
): Promise<boolean> {
  const result = await submit({
    input: body,
    schema,
    send: () => dashboardRequest(method, path, body),
    onFailure: (failed) => notices.showError(withDetail(failure, failed)),
  });
  if (result.ok) notices.showSuccess(success);
  return result.ok;
}
