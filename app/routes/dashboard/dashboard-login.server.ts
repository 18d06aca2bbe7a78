import { type AppLoadContext, data, redirect } from 'react-router';
import { safeRedirectTarget } from '../../../core/sign-in';
import { clearedSignInFlashHeader, readSignInFlash } from '../../../server/http/sign-in-flash';

/**
 * The sign-in page: a signed-in administrator goes on to the page asked for (so a sign-in made with JavaScript
 * arrives there when the hook runs this loader again); otherwise the page shows what the API's answer to a form
 * post left for it (a failure, or the two-factor step), once.
 */
export function loadLogin(context: AppLoadContext, request: Request) {
  if (context.admin) throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get('redirectTo')));
  const { config, secretKey } = context.ctx;
  const flash = readSignInFlash(config, secretKey, request.headers.get('cookie') ?? undefined);
  if (!flash) return { flash: null };
  return data({ flash }, { headers: { 'Set-Cookie': clearedSignInFlashHeader(config) } });
}
