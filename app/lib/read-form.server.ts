import { type AppLoadContext, data } from 'react-router';
import { MESSAGES } from '../../core/messages';
import { pageFormLimitFor, refusePageForm } from '../../server/http/page-form-limits';
import { AppError } from '../../server/services/errors';

/**
 * How many fields a body holds at most, counted on its bytes without parsing it: a urlencoded
 * field ends at `&`, a multipart one starts at a boundary line (the last boundary closes the body).
 * Parsing is what a flood of empty fields costs (5.7 million in 11 MB took seconds), so it is
 * counted first; a body the parser will refuse anyway counts as nothing here.
 */
function fieldCountOf(body: Buffer, contentType: string): number {
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    let separators = 0;
    for (let at = body.indexOf(0x26); at !== -1; at = body.indexOf(0x26, at + 1)) separators += 1;
    return separators + 1;
  }
  const boundary = /^multipart\/form-data\b.*;\s*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return 0;
  const delimiter = Buffer.from(`--${boundary}`);
  let delimiters = 0;
  for (let at = body.indexOf(delimiter); at !== -1; at = body.indexOf(delimiter, at + delimiter.length)) {
    delimiters += 1;
  }
  return delimiters - 1;
}

/**
 * The body of a page form (the contact page's). Its size was checked against
 * its route's limit before it was read (server/http/page-body-limit.ts), so reading it whole
 * is bounded; its fields are counted before it is parsed, and a body with more than its
 * route allows answers 413 (counted in the contact rate limit). A body that cannot
 * be parsed, such as a truncated or garbled multipart body, is the sender's mistake: it
 * answers 400, not the 500 an uncaught parse error would give.
 */
export async function readFormData(context: AppLoadContext, request: Request): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  let body: ArrayBuffer;
  try {
    body = await request.arrayBuffer();
  } catch {
    throw data(MESSAGES.invalidForm, { status: 400 });
  }
  const limit = pageFormLimitFor(new URL(request.url).pathname);
  if (fieldCountOf(Buffer.from(body), contentType) > limit.maxFields) {
    try {
      await refusePageForm(context.ctx, limit, context.clientIp, MESSAGES.tooManyFormFields);
    } catch (error) {
      if (error instanceof AppError) throw data(error.message, { status: error.status });
      throw error;
    }
  }
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw data(MESSAGES.invalidForm, { status: 400 });
  }
}
