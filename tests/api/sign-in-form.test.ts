import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { api } from '../support/api-client';
import { cookiesSet, pageAfter, postForm } from '../support/sign-in-form';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';

/**
 * Decision 033: the sign-in page and the sign-out button post to the API, and work without JavaScript. A form
 * post (urlencoded, asking for a page) is answered with a 303 to the next page, or back to the sign-in page with
 * the API's own words there, carried by a signed one-time cookie; a call from the API client still gets JSON.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const signedIn = async (cookie: string) =>
  (await api<{ data: unknown }>(server, 'GET', '/api/auth/session', { cookie })).body.data !== null;

describe('the sign-in form posted to the API without JavaScript', () => {
  it('signs in and answers 303 to the page asked for, with the session and device cookies', async () => {
    const answer = await postForm(server, '/api/auth/login', {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
      redirectTo: '/dashboard/messages?view=spam',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard/messages?view=spam');
    const cookie = cookiesSet(answer);
    expect(cookie).toMatch(/(^|; )sid=/);
    expect(cookie).toMatch(/(^|; )did=/);
    expect(await signedIn(cookie)).toBe(true);
  });

  it('sends a wrong password back to the sign-in page, the failure said there once in the API’s words', async () => {
    const answer = await postForm(server, '/api/auth/login', {
      username: ADMIN_USERNAME,
      password: 'not the password',
      redirectTo: '/dashboard/projects',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard/login?redirectTo=%2Fdashboard%2Fprojects');
    // Neither the password nor the text rides in the URL.
    expect(answer.headers.get('location')).not.toContain('password');
    expect(cookiesSet(answer)).not.toMatch(/(^|; )sid=/);
    const { html, answer: page } = await pageAfter(server, answer);
    expect(html).toContain(MESSAGES.invalidCredentials);
    expect(html).toContain('name="redirectTo" value="/dashboard/projects"');
    // Read once: the page drops the note.
    expect(page.headers.getSetCookie().some((line) => /^sif=;.*Max-Age=0/.test(line))).toBe(true);
  });

  it('says a missing field in the schema’s words', async () => {
    const answer = await postForm(server, '/api/auth/login', { username: ADMIN_USERNAME, password: '' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard/login');
    const { html } = await pageAfter(server, answer);
    expect(html).toMatch(/role="alert"[^>]*>[^<]+</);
  });

  it('shows no note whose signature is not the site’s', async () => {
    const answer = await postForm(server, '/api/auth/login', { username: ADMIN_USERNAME, password: 'wrong again' });
    // The site's own signature, over another text.
    const [, signature] = cookiesSet(answer).replace(/^sif=/, '').split('.');
    const forged = Buffer.from(JSON.stringify({ error: 'Call +975 17 000 000 to unlock', until: Date.now() + 60_000 }));
    const page = await fetch(`${server.url}/dashboard/login`, {
      headers: { cookie: `sif=${forged.toString('base64url')}.${signature}` },
    });
    const html = await page.text();
    expect(html).not.toContain('Call +975');
    expect(html).not.toContain('role="alert"');
  });

  it('answers a call from the API client with JSON as before', async () => {
    const answer = await api(server, 'POST', '/api/auth/login', {
      json: { username: ADMIN_USERNAME, password: 'not the password' },
    });
    expect(answer).toMatchObject({ status: 401, body: { error: MESSAGES.invalidCredentials } });
    // A urlencoded post that asks for JSON is a call too.
    const urlencoded = await postForm(
      server,
      '/api/auth/login',
      { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      { accept: 'application/json' },
    );
    expect(urlencoded.status).toBe(200);
    expect(await urlencoded.json()).toMatchObject({ data: { username: ADMIN_USERNAME } });
  });

  it('refuses a form of more fields than sign-in has, in words', async () => {
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`f${index}`, 'x']));
    const answer = await postForm(server, '/api/auth/login', fields);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ error: MESSAGES.tooManyFormFields });
  });
});

describe('the sign-out button posted to the API without JavaScript', () => {
  it('ends the session and answers 303 to the sign-in page', async () => {
    const cookie = await server.login();
    const answer = await postForm(server, '/api/auth/logout', {}, { cookie });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard/login');
    expect(answer.headers.getSetCookie().some((line) => /^sid=;.*Max-Age=0/.test(line))).toBe(true);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('answers the API client’s call with JSON', async () => {
    const cookie = await server.login();
    const answer = await api(server, 'POST', '/api/auth/logout', { cookie });
    expect(answer).toMatchObject({ status: 200, body: { data: { signedIn: false } } });
    expect(await signedIn(cookie)).toBe(false);
  });
});
