import type { TestServer } from './test-server';

/** What a browser without JavaScript sends with a form post: a urlencoded body, asking for a page. */
const BROWSER_FORM_HEADERS = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};

/**
 * Posts the sign-in page's form (or its code step, or the sign-out button) to the API the way a browser
 * without JavaScript does, not following the answer: a 303 to the next page.
 */
export function postForm(
  server: TestServer,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.origin, ...BROWSER_FORM_HEADERS, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The `name=value` pairs of an answer's Set-Cookie headers that set a cookie (not those that drop one). */
export function cookiesSet(answer: Response): string {
  return answer.headers
    .getSetCookie()
    .filter((line) => !/;\s*Max-Age=0\b/i.test(line))
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

/** The page a form post's 303 leads to, read with the cookies that answer set (the sign-in page's note). */
export async function pageAfter(server: TestServer, answer: Response): Promise<{ html: string; answer: Response }> {
  const page = await fetch(`${server.url}${answer.headers.get('location')!}`, {
    redirect: 'manual',
    headers: { cookie: cookiesSet(answer) },
  });
  return { html: await page.text(), answer: page };
}
