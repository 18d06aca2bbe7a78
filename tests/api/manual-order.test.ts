import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import type { Client, Project, TeamMember } from '../../core/types';
import { api } from '../support/api-client';
import { type Admin, adminOf, createProject } from '../support/factories';
import { queryServerDatabase } from '../support/test-database';
import { startSignedIn, type TestServer } from '../support/test-server';

// Issue 36, item 1 (decision 041): the owner's order of projects, images, clients, team members and testimonials,
// changed one move at a time by PUT …/{id}/position with { after } or { before }.

let server: TestServer;
let cookie: string;
let admin: Admin;

beforeAll(async () => {
  ({ server, cookie } = await startSignedIn());
  admin = adminOf(server, cookie);
}, 120_000);
afterAll(() => server?.stop());

async function move(path: string, body: Record<string, unknown>, as = cookie) {
  return api<{ data?: unknown; error?: string }>(server, 'PUT', path, { cookie: as, json: body });
}

async function createMembers(names: string[]): Promise<TeamMember[]> {
  const members: TeamMember[] = [];
  for (const name of names) {
    const answer = await api<{ data: TeamMember }>(server, 'POST', '/api/team-members', {
      cookie,
      json: { name, title: 'Architect', position: 'Design' },
    });
    expect(answer.status).toBe(201);
    members.push(answer.body.data);
  }
  return members;
}

const names = async (path: string) =>
  (await api<{ data: { name: string }[] }>(server, 'GET', path)).body.data.map(({ name }) => name);

const keys = async (table: string) =>
  new Map(
    (
      await queryServerDatabase<{ id: number; sort_key: string }>(server.dataDir, `select id, sort_key from ${table}`)
    ).map((row) => [row.id, row.sort_key]),
  );

describe('a move', () => {
  it('is one request that rewrites one row, and the API and the page show the new order at once', async () => {
    const members = await createMembers(['Ap Dorji', 'Bumpa Lhamo', 'Chimi Om', 'Dawa Pem', 'Euden Zam']);
    expect(await names('/api/team-members')).toEqual(['Ap Dorji', 'Bumpa Lhamo', 'Chimi Om', 'Dawa Pem', 'Euden Zam']);
    const about = async () => {
      const page = await (await fetch(`${server.url}/about`)).text();
      return members.map((member) => member.name).sort((a, b) => page.indexOf(a) - page.indexOf(b));
    };
    await about(); // kept, so the next read proves the move reached the page cache

    const before = await keys('team_members');
    const answer = await move(`/api/team-members/${members[3]!.id}/position`, { after: members[0]!.id });
    expect(answer).toMatchObject({ status: 200, body: { data: { id: members[3]!.id } } });

    const after = await keys('team_members');
    const changed = [...after].filter(([id, key]) => before.get(id) !== key).map(([id]) => id);
    expect(changed).toEqual([members[3]!.id]);
    const order = ['Ap Dorji', 'Dawa Pem', 'Bumpa Lhamo', 'Chimi Om', 'Euden Zam'];
    expect(await names('/api/team-members')).toEqual(order);
    expect(await about()).toEqual(order);

    // To the start with `before`, and to the end with `after` the last.
    await move(`/api/team-members/${members[4]!.id}/position`, { before: members[0]!.id });
    await move(`/api/team-members/${members[0]!.id}/position`, { after: members[2]!.id });
    expect(await names('/api/team-members')).toEqual(['Euden Zam', 'Dawa Pem', 'Bumpa Lhamo', 'Chimi Om', 'Ap Dorji']);
  });

  it('orders projects for the API, the category pages and the hero; new projects still come first', async () => {
    const first = await createProject(admin, { title: 'Order Lodge', category: 'Hospitality', featured: 'true' });
    const second = await createProject(admin, { title: 'Order Inn', category: 'Hospitality', featured: 'true' });
    const listed = async (path: string) => {
      const text = await (await fetch(`${server.url}${path}`)).text();
      return ['Order Lodge', 'Order Inn'].sort((a, b) => text.indexOf(a) - text.indexOf(b));
    };
    expect(await listed('/hospitality')).toEqual(['Order Inn', 'Order Lodge']);
    expect(await listed('/api/projects/featured')).toEqual(['Order Inn', 'Order Lodge']);

    expect((await move(`/api/projects/${first.id}/position`, { before: second.id })).status).toBe(200);
    expect(await listed('/hospitality')).toEqual(['Order Lodge', 'Order Inn']);
    expect(await listed('/api/projects/featured')).toEqual(['Order Lodge', 'Order Inn']);
    expect(await listed('/')).toEqual(['Order Lodge', 'Order Inn']);
  });

  it("moves a project's image within its gallery", async () => {
    const project = await createProject(admin, { title: 'Gallery House' }, 3);
    const [a, b, c] = project.images;
    const answer = await move(`/api/projects/${project.id}/images/position`, { imageUrl: c, before: a });
    expect(answer.status).toBe(200);
    const stored = await api<{ data: Project }>(server, 'GET', `/api/projects/${project.id}`);
    expect(stored.body.data.images).toEqual([c, a, b]);
    expect(stored.body.data.image).toBe(project.image);
    const gone = await move(`/api/projects/${project.id}/images/position`, { imageUrl: c, after: 'project/gone.jpg' });
    expect(gone).toMatchObject({ status: 409, body: { error: MESSAGES.orderChanged } });
  });

  it('answers a move it cannot make with a clear error, and changes nothing', async () => {
    const [one, two] = await createMembers(['Fixed One', 'Fixed Two']);
    const order = await names('/api/team-members');
    const path = `/api/team-members/${one!.id}/position`;
    expect(await move(path, {})).toMatchObject({ status: 400, body: { error: MESSAGES.orderPlacementInvalid } });
    expect(await move(path, { after: one!.id })).toMatchObject({ status: 400 });
    expect(await move(path, { after: 'two' })).toMatchObject({ status: 400 });
    expect(await move('/api/team-members/424242/position', { after: two!.id })).toMatchObject({
      status: 404,
      body: { error: MESSAGES.teamMemberNotFound },
    });
    // A neighbour deleted meanwhile: the owner's page was stale, so it is loaded again.
    expect((await api(server, 'DELETE', `/api/team-members/${two!.id}`, { cookie })).status).toBe(200);
    expect(await move(path, { after: two!.id })).toMatchObject({ status: 409, body: { error: MESSAGES.orderChanged } });
    expect(await move(path, { after: two!.id }, '')).toMatchObject({ status: 401 });
    expect(await names('/api/team-members')).toEqual(order.filter((name) => name !== 'Fixed Two'));
  });
});

describe('two administrators ordering at once', () => {
  it('end in one order that holds every item once, each move landing next to the neighbour it named', async () => {
    const other = await server.login();
    const clients: Client[] = [];
    for (const name of ['Gakey Works', 'Hema Works', 'Jamyang Works', 'Kezang Works', 'Lekey Works', 'Meto Works']) {
      const answer = await api<{ data: Client }>(server, 'POST', '/api/clients', { cookie, json: { name } });
      clients.push(answer.body.data);
    }
    // Newest first: Meto, Lekey, Kezang, Jamyang, Hema, Gakey (Works). Both move an item into the same gap at once.
    const [gakey, hema, , , , meto] = clients;
    const answers = await Promise.all([
      move(`/api/clients/${gakey!.id}/position`, { after: meto!.id }),
      move(`/api/clients/${hema!.id}/position`, { after: meto!.id }, other),
    ]);
    expect(answers.map(({ status }) => status)).toEqual([200, 200]);
    const order = await names('/api/clients');
    expect(order).toHaveLength(6);
    expect(new Set(order).size).toBe(6);
    expect(order[0]).toBe('Meto Works');
    expect(new Set(order.slice(1, 3))).toEqual(new Set(['Gakey Works', 'Hema Works']));
    expect(order.slice(3)).toEqual(['Lekey Works', 'Kezang Works', 'Jamyang Works']);
    const stored = [...(await keys('clients')).values()];
    expect(new Set(stored).size).toBe(stored.length);

    // Many moves from both at once: whatever their interleaving, one order of the same six, the same for everyone.
    const moves = Array.from({ length: 12 }, (_, index) => {
      const item = clients[index % 6]!;
      const neighbour = clients[(index * 5 + 3) % 6]!;
      return neighbour.id === item.id
        ? null
        : move(
            `/api/clients/${item.id}/position`,
            { [index % 2 ? 'after' : 'before']: neighbour.id },
            index % 3 ? cookie : other,
          );
    });
    for (const answer of await Promise.all(moves)) if (answer) expect(answer.status).toBe(200);
    const final = await names('/api/clients');
    expect([...final].sort()).toEqual([
      'Gakey Works',
      'Hema Works',
      'Jamyang Works',
      'Kezang Works',
      'Lekey Works',
      'Meto Works',
    ]);
    // The clients carousel draws its first page, three logos, in the HTML.
    const home = await (await fetch(`${server.url}/`)).text();
    const drawn = [...home.matchAll(/[A-Z][a-z]+ Works/g)].map(([name]) => name).slice(0, 3);
    expect(drawn).toEqual(final.slice(0, 3));
  });
});
