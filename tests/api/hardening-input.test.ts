import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import type { Blog, Client, ContactMessage, Project, SiteSettings, TeamMember } from '../../core/types';
import { api, form } from '../support/api-client';
import { imageBlob, makeImage } from '../support/images';
import { postWithoutFinishing } from '../support/partial-post';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startSignedIn, type TestServer } from '../support/test-server';

/**
 * Issue 5, input: cross-site form posts, fields a client may not set, prototype keys,
 * query parameters, links, blog HTML, contact text and malformed bodies.
 */

let server: TestServer;
let cookie: string;

beforeAll(async () => ({ server, cookie } = await startSignedIn()));
afterAll(() => server?.stop());

/** Neither a stack trace nor a file path. */
const INTERNALS = /\bat \S+ \(|\/work\/|node_modules|file:\/\/|\.tsx?:\d|\.js:\d/;

async function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: BodyInit; cookie?: string } = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${server.url}${path}`, { method, headers, body: options.body, redirect: 'manual' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const contacts = async () =>
  (await api<{ data: ContactMessage[] }>(server, 'GET', '/api/contacts', { cookie })).body.data;
const settings = async () => (await api<{ data: SiteSettings }>(server, 'GET', '/api/settings')).body.data;

async function jpegFile(name = 'a.jpg') {
  return { data: imageBlob(await makeImage(300, 200)), name };
}

describe('cross-site form posts', () => {
  const evil = {
    name: 'Evil',
    title: 'Evil',
    brandName: 'Evil Brand',
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
    email: 'evil@example.com',
    message: 'Evil message',
    description: 'd',
    location: 'L',
    year: '2024',
    category: 'Residential',
    id: '1',
    status: 'archived',
  };
  const targets: [method: string, path: string, signedIn: boolean][] = [
    ['POST', '/api/projects', true],
    ['POST', '/api/contact', false],
    ['POST', '/api/auth/login', false],
    ['PUT', '/api/settings', true],
    ['POST', '/contact', false],
    // The dashboard's other writes (decision 033): sign-out and the inbox's.
    ['POST', '/api/auth/logout', true],
    ['POST', '/api/contacts/bulk-delete', true],
  ];
  const marks: [string, Record<string, string>][] = [
    ['Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['both', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['Origin null', { origin: 'null' }],
  ];
  const cases = targets.flatMap(([method, path, signedIn]) =>
    marks.map(([mark, headers]) => [method, path, signedIn, mark, headers] as const),
  );

  it.each(cases)(
    '%s %s (signed in: %s) with %s: text/plain and multipart are refused',
    async (method, path, signedIn, _mark, headers) => {
      // The classic text/plain trick: a field name and value that together read as JSON.
      const plain = await send(method, path, {
        cookie: signedIn ? cookie : undefined,
        headers: { ...headers, 'content-type': 'text/plain' },
        body: `${JSON.stringify(evil).slice(0, -1)}, "x": "=1"}`,
      });
      expect(plain.status).toBe(403);
      expect(plain.headers.get('set-cookie')).toBeNull();
      const multipart = await send(method, path, {
        cookie: signedIn ? cookie : undefined,
        headers,
        body: form(evil),
      });
      expect(multipart.status).toBe(403);
      expect(multipart.headers.get('set-cookie')).toBeNull();
      expect(multipart.text).not.toMatch(INTERNALS);
    },
  );

  it('stored nothing', async () => {
    expect((await api(server, 'GET', '/api/projects')).body.data).toEqual([]);
    expect(await contacts()).toEqual([]);
    expect((await settings()).brandName).not.toBe('Evil Brand');
  });

  it('a same-site request without Origin (like curl) still works', async () => {
    const contact = await api(server, 'POST', '/api/contact', {
      origin: null,
      json: { name: 'Curl', email: 'curl@example.com', message: 'Sent without an Origin.' },
    });
    expect(contact.status).toBe(200);
    const brandName = (await settings()).brandName;
    const saved = await api(server, 'PUT', '/api/settings', { origin: null, cookie, json: { brandName } });
    expect(saved.status).toBe(200);
    const page = await send('POST', '/api/auth/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }).toString(),
    });
    expect(page.status).toBe(303);
    const removed = await api(server, 'DELETE', `/api/contacts/${(await contacts())[0]!.id}`, { cookie, origin: null });
    expect(removed.status).toBe(200);
  });
});

describe('fields a client may not set', () => {
  const readOnly = {
    id: 999,
    createdAt: '2000-01-01T00:00:00.000Z',
    updatedAt: '2000-01-01T00:00:00.000Z',
    publishedAt: '2000-01-01T00:00:00.000Z',
    passwordHash: 'x',
    ip: '1.2.3.4',
    adminId: 1,
    isAdmin: true,
    contentVersion: 0,
  };
  const stringly = Object.fromEntries(Object.entries(readOnly).map(([key, value]) => [key, String(value)]));
  const recent = (value: string) => Date.parse(value) > Date.now() - 10 * 60_000;

  function expectServerValues(record: Record<string, unknown>) {
    expect(record.id).not.toBe(999);
    for (const key of ['passwordHash', 'ip', 'adminId', 'isAdmin', 'contentVersion'])
      expect(record).not.toHaveProperty(key);
    if ('createdAt' in record) expect(recent(String(record.createdAt))).toBe(true);
    if ('updatedAt' in record) expect(recent(String(record.updatedAt))).toBe(true);
  }

  it('projects, on create and update', async () => {
    const created = await api<{ data: Project }>(server, 'POST', '/api/projects', {
      cookie,
      form: form(
        { title: 'P', description: 'd', year: '2024', location: 'L', category: 'Residential', ...stringly },
        { images: [await jpegFile()] },
      ),
    });
    expect(created.status).toBe(201);
    expectServerValues(created.body.data as unknown as Record<string, unknown>);
    const id = created.body.data.id;
    const updated = await api<{ data: Project }>(server, 'PUT', `/api/projects/${id}`, {
      cookie,
      json: { title: 'P2', ...readOnly },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, title: 'P2', createdAt: created.body.data.createdAt });
    expectServerValues(updated.body.data as unknown as Record<string, unknown>);
    expect((await api(server, 'GET', '/api/projects/999')).status).toBe(404);
    await api(server, 'DELETE', `/api/projects/${id}`, { cookie });
  });

  it('blogs: a draft keeps no publish date, whatever is sent', async () => {
    const created = await api<{ data: Blog }>(server, 'POST', '/api/blogs', {
      cookie,
      json: {
        title: 'Draft',
        author: 'A',
        category: 'News',
        excerpt: 'e',
        content: '<p>c</p>',
        status: 'draft',
        ...readOnly,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.publishedAt).toBeNull();
    expectServerValues(created.body.data as unknown as Record<string, unknown>);
    const id = created.body.data.id;
    const updated = await api<{ data: Blog }>(server, 'PUT', `/api/blogs/${id}`, {
      cookie,
      json: { title: 'Draft 2', ...readOnly },
    });
    expect(updated.body.data).toMatchObject({ id, title: 'Draft 2', status: 'draft', publishedAt: null });
    expect(updated.body.data.createdAt).toBe(created.body.data.createdAt);
    await api(server, 'DELETE', `/api/blogs/${id}`, { cookie });
  });

  it('clients and team members, on create and update', async () => {
    const client = await api<{ data: Client }>(server, 'POST', '/api/clients', {
      cookie,
      json: { name: 'C', ...readOnly },
    });
    expect(client.status).toBe(201);
    expectServerValues(client.body.data as unknown as Record<string, unknown>);
    const clientUpdate = await api<{ data: Client }>(server, 'PUT', `/api/clients/${client.body.data.id}`, {
      cookie,
      json: { name: 'C2', ...readOnly },
    });
    expect(clientUpdate.body.data).toMatchObject({
      id: client.body.data.id,
      name: 'C2',
      createdAt: client.body.data.createdAt,
    });
    const member = await api<{ data: TeamMember }>(server, 'POST', '/api/team-members', {
      cookie,
      json: { name: 'M', title: 'T', position: 'P', ...readOnly },
    });
    expect(member.status).toBe(201);
    expectServerValues(member.body.data as unknown as Record<string, unknown>);
    const memberUpdate = await api<{ data: TeamMember }>(server, 'PUT', `/api/team-members/${member.body.data.id}`, {
      cookie,
      json: { name: 'M2', ...readOnly },
    });
    expect(memberUpdate.body.data).toMatchObject({ id: member.body.data.id, name: 'M2' });
    expect((await api(server, 'GET', '/api/clients/999')).status).toBe(404);
    expect((await api(server, 'GET', '/api/team-members/999')).status).toBe(404);
    await api(server, 'DELETE', `/api/clients/${client.body.data.id}`, { cookie });
    await api(server, 'DELETE', `/api/team-members/${member.body.data.id}`, { cookie });
  });

  it('contact messages: a visitor cannot set the status, id, dates or address', async () => {
    const sent = await api(server, 'POST', '/api/contact', {
      json: {
        name: 'V',
        email: 'v@example.com',
        message: 'Hello there',
        status: 'replied',
        read: true,
        ...readOnly,
      },
    });
    expect(sent.status).toBe(200);
    const [stored] = await contacts();
    expect(stored).toMatchObject({ name: 'V', status: 'new' });
    expectServerValues(stored as unknown as Record<string, unknown>);
    const updated = await api<{ data: ContactMessage }>(server, 'PUT', `/api/contacts/${stored!.id}`, {
      cookie,
      json: { status: 'read', name: 'Changed', message: 'Changed', ...readOnly },
    });
    expect(updated.status).toBe(200);
    expect((await contacts())[0]).toMatchObject({ id: stored!.id, name: 'V', message: 'Hello there', status: 'read' });
    await api(server, 'DELETE', `/api/contacts/${stored!.id}`, { cookie });
  });
});

describe('prototype keys in JSON', () => {
  const raw = (method: string, path: string, body: string, withCookie = true) =>
    send(method, path, {
      cookie: withCookie ? cookie : undefined,
      headers: { origin: server.origin, 'content-type': 'application/json' },
      body,
    });

  it('change nothing and pollute nothing', async () => {
    const pollution =
      '"__proto__": {"isAdmin": true, "status": "published", "polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}';
    const client = await raw('POST', '/api/clients', `{"name": "Proto", ${pollution}}`);
    expect(client.status).toBe(201);
    const created = JSON.parse(client.text) as { data: Client };
    expect(created.data).toMatchObject({ name: 'Proto', status: 'Active' });
    expect(client.text).not.toContain('polluted');

    const blog = await raw(
      'POST',
      '/api/blogs',
      `{"title": "T", "author": "A", "category": "News", "excerpt": "e", "content": "<p>c</p>", "status": "draft", ${pollution}}`,
    );
    expect(blog.status).toBe(201);
    expect(JSON.parse(blog.text).data).toMatchObject({ status: 'draft', publishedAt: null });

    const before = await settings();
    expect((await raw('PUT', '/api/settings', `{${pollution}, "__proto__": {"brandName": "Proto"}}`)).status).toBe(200);
    expect(await settings()).toEqual(before);

    // A name and password hidden behind __proto__ are not a sign-in.
    const login = await raw(
      'POST',
      '/api/auth/login',
      `{"__proto__": {"username": "${ADMIN_USERNAME}", "password": "${ADMIN_PASSWORD}"}}`,
      false,
    );
    expect(login.status).toBe(400);
    expect(login.headers.get('set-cookie')).toBeNull();

    // Later answers are normal: no session appears from nowhere, drafts stay hidden, nothing says "polluted".
    expect((await api(server, 'GET', '/api/contacts')).status).toBe(401);
    expect((await api(server, 'GET', '/api/auth/session')).body).toEqual({ data: null });
    const publicBlogs = await api<{ data: Blog[] }>(server, 'GET', '/api/blogs');
    expect(publicBlogs.body.data.filter((item) => item.status !== 'published')).toEqual([]);
    const anotherClient = await api(server, 'POST', '/api/clients', { cookie, json: { name: 'Plain' } });
    expect(JSON.stringify(anotherClient.body)).not.toContain('polluted');
    expect(anotherClient.body.data).not.toHaveProperty('isAdmin');

    await api(server, 'DELETE', `/api/clients/${created.data.id}`, { cookie });
    await api(server, 'DELETE', `/api/clients/${anotherClient.body.data.id}`, { cookie });
    await api(server, 'DELETE', `/api/blogs/${JSON.parse(blog.text).data.id}`, { cookie });
  });
});

describe('query parameters', () => {
  it('cannot select private columns or reach private data', async () => {
    await api(server, 'POST', '/api/contact', {
      json: { name: 'Q', email: 'q@example.com', message: 'A private message' },
    });
    for (const path of [
      '/api/projects?select=passwordHash',
      '/api/projects?columns=ip',
      '/api/projects?fields=passwordHash,ip',
      '/api/blogs?include=contacts',
      '/api/clients?fields=*',
      '/api/settings?select=*',
    ]) {
      const response = await send('GET', path);
      expect(response.status, path).toBe(200);
      expect(response.text, path).not.toMatch(/passwordHash|"ip"|private message|q@example\.com/);
    }
    for (const path of [
      '/api/contacts?admin=1',
      '/api/contacts?status=new',
      '/api/contacts?token=x',
      '/api/media?all=1',
    ])
      expect((await send('GET', path)).status, path).toBe(401);
  });

  it('show a visitor no drafts, whatever they ask', async () => {
    const draft = await api<{ data: Blog }>(server, 'POST', '/api/blogs', {
      cookie,
      json: {
        title: 'Secret draft',
        author: 'A',
        category: 'News',
        excerpt: 'e',
        content: '<p>c</p>',
        status: 'draft',
      },
    });
    for (const query of ['?status=draft', '?includeDrafts=true', '?drafts=1', '?status[]=draft', '?admin=true']) {
      const response = await send('GET', `/api/blogs${query}`);
      expect(response.status, query).toBe(200);
      expect(response.text, query).not.toContain('Secret draft');
      expect((await send('GET', `/api/blogs/${draft.body.data.id}${query}`)).status, query).toBe(404);
    }
    await api(server, 'DELETE', `/api/blogs/${draft.body.data.id}`, { cookie });
  });

  it.each([
    '/api/projects?category[]=x',
    '/api/projects?category=a&category=b',
    '/api/projects?year=2024&year=2025',
    '/api/projects?featured[]=true&limit[]=1',
    '/api/projects?status[$ne]=x',
    '/api/blogs?category=a&category=b',
    '/api/clients?status[]=Active',
    '/api/projects/featured?category=a&category=b',
  ])('%s answers normally, not 500', async (path) => {
    const response = await send('GET', path);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toHaveProperty('data');
  });
});

describe('links', () => {
  const BAD_LINKS = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' \tjavascript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/\\evil.example',
    'evil.example',
  ];

  it.each(BAD_LINKS)('a client website %j is refused on create and update', async (website) => {
    const created = await api(server, 'POST', '/api/clients', { cookie, json: { name: 'L', website } });
    expect(created.status).toBe(400);
    expect(created.body.fields).toHaveProperty('website');
    const ok = await api<{ data: Client }>(server, 'POST', '/api/clients', {
      cookie,
      json: { name: 'L', website: 'https://ok.example' },
    });
    const updated = await api(server, 'PUT', `/api/clients/${ok.body.data.id}`, { cookie, json: { website } });
    expect(updated.status).toBe(400);
    const stored = await api<{ data: Client }>(server, 'GET', `/api/clients/${ok.body.data.id}`);
    expect(stored.body.data.website).toBe('https://ok.example');
    await api(server, 'DELETE', `/api/clients/${ok.body.data.id}`, { cookie });
  });

  it.each(['facebookUrl', 'instagramUrl', 'youtubeUrl', 'tiktokUrl'])(
    'settings %s takes only http(s) links',
    async (field) => {
      const before = await settings();
      for (const link of BAD_LINKS) {
        const response = await api(server, 'PUT', '/api/settings', { cookie, json: { [field]: link } });
        expect(response.status, link).toBe(400);
      }
      expect(await settings()).toEqual(before);
    },
  );
});

describe('blog HTML', () => {
  const kept =
    '<h2>Heading</h2><p>Some <strong>bold</strong> and <em>italic</em> text with ' +
    '<a href="https://example.com/ok" rel="noopener noreferrer">a link</a>.</p><ul><li>one</li></ul><ol><li>two</li></ol>' +
    '<blockquote>quoted</blockquote>';
  const hostile = [
    '<script>XSS1()</script>',
    '<img src="x" onerror="XSS2()">',
    '<p onclick="XSS3()">click</p>',
    '<a href="javascript:XSS4()">j</a>',
    '<a href="  JaVaScRiPt:XSS5()">j2</a>',
    '<a href="data:text/html,XSS6">d</a>',
    '<iframe src="https://evil.example/XSS7"></iframe>',
    '<iframe srcdoc="XSS8"></iframe>',
    '<object data="XSS9"></object>',
    '<embed src="XSS10">',
    '<style>body{background:url(XSS11)}</style>',
    '<p style="background:url(XSS12)">styled</p>',
    '<svg><script>XSS13()</script></svg>',
    '<svg onload="XSS14()"></svg>',
    '<math><mi xlink:href="javascript:XSS15()">m</mi></math>',
    '<form action="https://evil.example/XSS16"><input name="XSS17"><button formaction="XSS18">b</button></form>',
    '<img src="https://tracker.example/XSS19.gif">',
    '<img src="data:image/png;base64,XSS20">',
    '<noscript><p title="</noscript><img src=x onerror=XSS21()>"></p></noscript>',
    '<meta http-equiv="refresh" content="0;url=javascript:XSS22()">',
    '<base href="https://evil.example/XSS23/">',
    '<link rel="stylesheet" href="https://evil.example/XSS24.css">',
    '<a href="https://example.com" onmouseover="XSS25()">hover</a>',
    '<template><img src=x onerror=XSS26()></template>',
  ].join('');

  it('keeps formatting and drops everything that could run, in the API and on the public page', async () => {
    const created = await api<{ data: Blog }>(server, 'POST', '/api/blogs', {
      cookie,
      json: {
        title: 'Hostile post',
        author: 'A',
        category: 'News',
        excerpt: 'e',
        content: kept + hostile + '<p><img src="/uploads/blog/own-0123456789abcdef.jpg" alt="own"></p>',
        status: 'published',
      },
    });
    expect(created.status).toBe(201);
    const fetched = await api<{ data: Blog }>(server, 'GET', `/api/blogs/${created.body.data.id}`);
    const content = fetched.body.data.content;
    expect(content).toContain(kept);
    expect(content).toContain('<img src="/uploads/blog/own-0123456789abcdef.jpg" alt="own" />');
    expect(content).not.toMatch(/XSS\d/);
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'javascript:',
      'data:',
      '<iframe',
      '<object',
      '<embed',
      '<style',
      'style=',
      '<svg',
      '<math',
      '<form',
      '<input',
      '<meta',
      '<base',
      '<link',
      '<template',
      '<noscript',
      'tracker.example',
    ])
      expect(content.toLowerCase(), bad).not.toContain(bad.toLowerCase());

    const page = await send('GET', `/blog/${created.body.data.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<strong>bold</strong>');
    expect(page.text).not.toMatch(/XSS\d/);
    expect(page.text).not.toMatch(/<iframe|<object|<embed|onerror=|onclick=|tracker\.example/i);
    await api(server, 'DELETE', `/api/blogs/${created.body.data.id}`, { cookie });
  });
});

describe('contact messages in the dashboard', () => {
  it('are shown as text, never as markup', async () => {
    await api(server, 'POST', '/api/contact', {
      json: {
        name: '<b>Bold name</b>',
        email: 'x@example.com',
        message: 'Hi <img src=x onerror=alert(1)> and <script>alert(2)</script> bye',
      },
    });
    const page = await send('GET', '/dashboard/messages', { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.text).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page.text).not.toContain('<img src=x onerror=alert(1)>');
    expect(page.text).not.toContain('<script>alert(2)');
    expect(page.text).not.toContain('<b>Bold name</b>');
  });
});

describe('malformed requests', () => {
  const garbled = { 'content-type': 'multipart/form-data; boundary=xyz' };
  const garbledBody = '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin\r\n--xy';

  function expectNoInternals(answer: { text: string }) {
    expect(answer.text).not.toMatch(INTERNALS);
  }

  it.each([['/contact', false]] as const)(
    'a garbled multipart body to the page %s answers 400',
    async (path, signedIn) => {
      for (const [headers, body] of [
        [{ ...garbled, origin: server.origin }, garbledBody],
        [{ 'content-type': 'multipart/form-data; boundary=xyz', origin: server.origin }, 'garbage'],
        [{ 'content-type': 'multipart/form-data', origin: server.origin }, 'no boundary'],
      ] as const) {
        const answer = await send('POST', path, { headers, body, cookie: signedIn ? cookie : undefined });
        expect(answer.status).toBe(400);
        expectNoInternals(answer);
      }
    },
  );

  it.each(['/api/clients', '/api/projects', '/api/media/upload', '/api/blogs'])(
    'a garbled multipart body to %s answers 400',
    async (path) => {
      for (const [headers, body] of [
        [garbled, garbledBody],
        [{ 'content-type': 'multipart/form-data; boundary=xyz' }, 'garbage'],
        [{ 'content-type': 'multipart/form-data' }, 'no boundary'],
      ] as const) {
        const answer = await send('POST', path, { headers: { ...headers, origin: server.origin }, body, cookie });
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.text)).toEqual({ error: MESSAGES.invalidForm });
      }
    },
  );

  // The sign-in form posts to the API, which reads an ordinary form and answers that it lacks a name (400).
  it.each([
    ['/contact', 200],
    ['/api/auth/login', 400],
  ])(
    'a page form over the size limit, or of unstated length, answers 413 before it is read: %s',
    async (path, ordinaryStatus) => {
      const base = { origin: server.origin, 'content-type': 'application/x-www-form-urlencoded' };
      // Refused posts count in the form's rate limit: from an address of their own, they spend no one else's.
      const flooder = { localAddress: '127.0.0.2' };
      const stated = await postWithoutFinishing(
        server,
        path,
        { ...base, 'content-length': String(200 * 1024 * 1024) },
        flooder,
      );
      expect(stated.status).toBe(413);
      expect(stated.text).toContain(MESSAGES.requestTooLarge);
      const chunked = await postWithoutFinishing(server, path, { ...base, 'transfer-encoding': 'chunked' }, flooder);
      expect(chunked.status).toBe(413);
      expectNoInternals(chunked);
      // A form of ordinary size still goes through.
      const ordinary = await send('POST', path, {
        headers: base,
        body: new URLSearchParams({ name: 'x', message: 'y'.repeat(1000) }).toString(),
      });
      expect(ordinary.status).toBe(ordinaryStatus);
    },
  );

  it('malformed JSON answers 400 and oversized JSON 413, without internals', async () => {
    for (const [path, signedIn] of [
      ['/api/contact', false],
      ['/api/auth/login', false],
      ['/api/clients', true],
    ] as const) {
      const broken = await send('POST', path, {
        cookie: signedIn ? cookie : undefined,
        headers: { origin: server.origin, 'content-type': 'application/json' },
        body: '{"name": "x",',
      });
      expect(broken.status).toBe(400);
      expect(JSON.parse(broken.text)).toEqual({ error: MESSAGES.invalidJson });
      expectNoInternals(broken);
      const huge = await send('POST', path, {
        cookie: signedIn ? cookie : undefined,
        headers: { origin: server.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', message: 'y'.repeat(2 * 1024 * 1024) }),
      });
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.text)).toEqual({ error: MESSAGES.requestTooLarge });
      expectNoInternals(huge);
    }
    // The server still answers.
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
  });
});
