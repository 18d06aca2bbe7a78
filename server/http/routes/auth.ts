import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { codeStepStays, LOGIN_PATH, loginPathFor, safeRedirectTarget } from '../../../core/sign-in';
import { login, loginWithCode, type SignedIn, type SignInMeta } from '../../services/account/auth';
import { logout } from '../../services/account/sessions';
import type { ServiceContext } from '../../services/context';
import { takeRateLimit } from '../../services/limits/rate-limit';
import { failureAnswerOf, logRequestFailure } from '../errors';
import { refuseOversizedForm } from '../page-body-limit';
import type { PageFormLimit } from '../page-form-limits';
import { clientMeta, deviceCookieName, readCookie, sessionCookie, signedInCookies } from '../session';
import { clearedSignInFlashHeader, type SignInFlash, signInFlashHeader } from '../sign-in-flash';
import { bodyFields } from '../params';

/**
 * The sign-in form as a browser posts it without JavaScript: its 1,000-character password is 9 KB when written
 * in Dzongkha and percent-encoded (3 UTF-8 bytes, 9 encoded, a character), and its fields are the name, the
 * password and the page asked for, or the challenge, the code and that page. A form refused for its size
 * counts as a failed sign-in, so a flood of refused posts is stopped like a flood of wrong passwords (429 once
 * spent).
 */
const SIGN_IN_FORM: PageFormLimit = { maxBytes: 16 * 1024, maxFields: 10, rateLimit: 'login' };

const isUrlencoded = (req: Request) => /^application\/x-www-form-urlencoded\b/i.test(req.get('content-type') ?? '');

/**
 * A browser's own form post (the sign-in page or the sign-out button without JavaScript): answered with a 303 to
 * the page to show next rather than with JSON. The API client asks for JSON, and so does every other caller.
 */
function isFormPost(req: Request): boolean {
  return isUrlencoded(req) && req.accepts(['application/json', 'text/html']) === 'text/html';
}

export function authRouter(ctx: ServiceContext): Router {
  const router = Router();
  router.use(async (req, _res, next) => {
    if (req.method === 'POST' && isUrlencoded(req)) await refuseOversizedForm(ctx, req, SIGN_IN_FORM);
    next();
  });
  router.use(
    express.urlencoded({ extended: false, limit: SIGN_IN_FORM.maxBytes, parameterLimit: SIGN_IN_FORM.maxFields }),
  );
  // Too many fields, counted by the parser before it parses them: refused like too many bytes.
  router.use(async (error: unknown, req: Request, _res: Response, next: NextFunction) => {
    if ((error as { type?: unknown } | null)?.type === 'parameters.too.many') {
      await takeRateLimit(ctx, 'login', req.ip ?? '');
    }
    next(error);
  });

  const signInMeta = (req: Request): SignInMeta => ({
    ...clientMeta(req),
    previousToken: req.sessionToken,
    deviceToken: readCookie(req.headers.cookie, deviceCookieName(ctx.config)),
  });
  // Settled before the session is opened, so nothing after it can fail.
  const targetOf = (req: Request) => safeRedirectTarget(bodyFields(req).redirectTo);

  /** Back to the sign-in page, with what it shows next: a failure, or the code step. */
  const backToSignIn = (req: Request, res: Response, flash: SignInFlash) => {
    res.setHeader('Set-Cookie', signInFlashHeader(ctx.config, ctx.secretKey, flash));
    res.redirect(303, loginPathFor(targetOf(req)));
  };
  const sendSignedIn = (req: Request, res: Response, signedIn: SignedIn) => {
    const cookies = signedInCookies(ctx.config, signedIn);
    if (isFormPost(req)) {
      res.setHeader('Set-Cookie', [...cookies, clearedSignInFlashHeader(ctx.config)]);
      res.redirect(303, targetOf(req));
      return;
    }
    res.setHeader('Set-Cookie', cookies);
    const { session } = signedIn;
    res.json({ data: { username: session.username, expiresAt: session.expiresAt } });
  };
  /** A form post's failure goes back to the page in the words the API would answer; a call's is thrown on. */
  const failSignIn = (req: Request, res: Response, error: unknown, challenge?: unknown) => {
    if (!isFormPost(req)) throw error;
    const { status, message } = failureAnswerOf(error, req.method);
    logRequestFailure(req, error, status);
    const keep = typeof challenge === 'string' && codeStepStays(status, message);
    backToSignIn(req, res, { error: message, ...(keep && { challenge }) });
  };

  router.post('/login', async (req, res) => {
    try {
      const outcome = await login(ctx, bodyFields(req), signInMeta(req));
      // The password was right; no cookie until the authenticator's code arrives at /login/code.
      if (!outcome.twoFactorRequired) sendSignedIn(req, res, outcome);
      else if (isFormPost(req)) backToSignIn(req, res, { challenge: outcome.challenge });
      else res.json({ data: { twoFactorRequired: true, challenge: outcome.challenge } });
    } catch (error) {
      failSignIn(req, res, error);
    }
  });

  router.post('/login/code', async (req, res) => {
    try {
      sendSignedIn(req, res, await loginWithCode(ctx, bodyFields(req), signInMeta(req)));
    } catch (error) {
      failSignIn(req, res, error, bodyFields(req).challenge);
    }
  });

  router.post('/logout', async (req, res) => {
    if (req.sessionToken) await logout(ctx, req.sessionToken);
    res.setHeader('Set-Cookie', sessionCookie(ctx.config, '', 0));
    if (isFormPost(req)) res.redirect(303, LOGIN_PATH);
    else res.json({ data: { signedIn: false } });
  });

  router.get('/session', (req, res) => {
    res.json({ data: req.admin ? { username: req.admin.username, expiresAt: req.admin.expiresAt } : null });
  });

  return router;
}
