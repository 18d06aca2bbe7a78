import { data } from 'react-router';
import { MESSAGES } from '../../core/messages';

/**
 * The body of a page form (sign-in, contact, settings, inbox). A body that cannot be
 * parsed, such as a truncated or garbled multipart body, is the sender's mistake:
 * it answers 400, not the 500 an uncaught parse error would give.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(MESSAGES.invalidForm, { status: 400 });
  }
}
