import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import type { Client, TeamMember } from '../../core/types';
import { api, form } from '../support/api-client';
import { imageBlob, makeImage } from '../support/images';
import { startSignedIn, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;

beforeAll(async () => ({ server, cookie } = await startSignedIn()));
afterAll(() => server?.stop());

describe('clients', () => {
  // A client's defaults and the fields it needs are tests/domain/clients.test.ts.
  it('are created with a logo as multipart, and answered as stored', async () => {
    const logo = { data: imageBlob(await makeImage(600, 300, 'png'), 'image/png'), name: 'logo.png' };
    const { status, body } = await api<{ data: Client }>(server, 'POST', '/api/clients', {
      cookie,
      form: form({ name: 'Druk Bank', website: 'https://bank.example.bt' }, { logo: [logo] }),
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ name: 'Druk Bank', website: 'https://bank.example.bt' });
    expect(body.data.logo).toMatch(/^client\/.+\.png$/);
    const fetched = await api<{ data: Client }>(server, 'GET', `/api/clients/${body.data.id}`);
    expect(fetched.body.data).toEqual(body.data);
  });

  it('answer a missing name with 400, naming the field', async () => {
    const noName = await api(server, 'POST', '/api/clients', { cookie, json: { name: ' ' } });
    expect(noName).toMatchObject({ status: 400, body: { fields: { name: 'Name is required' } } });
  });

  it('take an update as multipart, and answer a delete with 200 and an unknown client with 404', async () => {
    const created = await api<{ data: Client }>(server, 'POST', '/api/clients', { cookie, json: { name: 'Old' } });
    const updated = await api<{ data: Client }>(server, 'PUT', `/api/clients/${created.body.data.id}`, {
      cookie,
      form: form({ name: 'New', status: 'Pending' }),
    });
    expect(updated).toMatchObject({ status: 200, body: { data: { name: 'New', status: 'Pending' } } });
    expect((await api(server, 'DELETE', `/api/clients/${created.body.data.id}`, { cookie })).status).toBe(200);
    expect((await api(server, 'GET', `/api/clients/${created.body.data.id}`)).status).toBe(404);
    expect((await api(server, 'PUT', '/api/clients/424242', { cookie, json: { name: 'x' } })).status).toBe(404);
  });
});

describe('clients that are not Active', () => {
  it("are the administrator's alone: in the API, its cached lists, the home page and the dashboard", async () => {
    const names = { Active: 'Tashi Timber', Inactive: 'Old Quarry', Pending: 'Maybe Mills' };
    const ids: Record<string, number> = {};
    for (const [status, name] of Object.entries(names)) {
      const created = await api<{ data: Client }>(server, 'POST', '/api/clients', { cookie, json: { name, status } });
      expect(created.status).toBe(201);
      ids[status] = created.body.data.id;
    }
    const listNames = async (signedIn: boolean) => {
      const answer = await api<{ data: Client[] }>(server, 'GET', '/api/clients', signedIn ? { cookie } : {});
      expect(answer.headers.get('vary')).toMatch(/cookie/i);
      return answer.body.data.map((client) => client.name);
    };
    // Each list asked for twice, the administrator's first: the second answers come from the server's cache.
    for (let round = 0; round < 2; round += 1) {
      expect(await listNames(true)).toEqual(expect.arrayContaining(Object.values(names)));
      const visible = await listNames(false);
      expect(visible).toContain(names.Active);
      expect(visible).not.toContain(names.Inactive);
      expect(visible).not.toContain(names.Pending);
    }
    for (const status of ['Inactive', 'Pending']) {
      const path = `/api/clients/${ids[status]}`;
      expect(await api(server, 'GET', path)).toMatchObject({ status: 404, body: { error: MESSAGES.clientNotFound } });
      const signedIn = await api<{ data: Client }>(server, 'GET', path, { cookie });
      expect(signedIn.body.data.status).toBe(status);
    }

    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain(names.Active);
    expect(home).not.toContain(names.Inactive);
    expect(home).not.toContain(names.Pending);
    const dashboard = await (await fetch(`${server.url}/dashboard/clients`, { headers: { cookie } })).text();
    for (const name of Object.values(names)) expect(dashboard).toContain(name);
  });
});

describe('team members', () => {
  // The fields a team member needs are tests/domain/team-members.test.ts.
  it('are created as JSON or multipart with an image, listed, updated and deleted', async () => {
    const json = await api<{ data: TeamMember }>(server, 'POST', '/api/team-members', {
      cookie,
      json: { name: 'Pema', title: 'Architect', position: 'Lead' },
    });
    expect(json.status).toBe(201);
    expect(json.body.data).toMatchObject({ name: 'Pema', image: '' });
    const photo = { data: imageBlob(await makeImage(600, 600)), name: 'pema.jpg' };
    const multipart = await api<{ data: TeamMember }>(server, 'POST', '/api/team-members', {
      cookie,
      form: form({ name: 'Sonam', title: 'Engineer', position: 'Site' }, { image: [photo] }),
    });
    expect(multipart.body.data.image).toMatch(/^team\//);
    const list = await api<{ data: TeamMember[] }>(server, 'GET', '/api/team-members');
    expect(Array.isArray(list.body.data)).toBe(true);
    expect(list.body.data.map((member) => member.name)).toEqual(expect.arrayContaining(['Pema', 'Sonam']));
    const updated = await api<{ data: TeamMember }>(server, 'PUT', `/api/team-members/${json.body.data.id}`, {
      cookie,
      json: { title: 'Principal' },
    });
    expect(updated.body.data).toMatchObject({ name: 'Pema', title: 'Principal' });
    const blank = await api(server, 'PUT', `/api/team-members/${json.body.data.id}`, { cookie, json: { name: '' } });
    expect(blank).toMatchObject({ status: 400, body: { error: MESSAGES.fillRequiredFields } });
    expect((await api(server, 'DELETE', `/api/team-members/${multipart.body.data.id}`, { cookie })).status).toBe(200);
    // In the Trash (decision 036) it keeps its portrait; deleted forever, the portrait goes.
    expect((await fetch(`${server.url}/uploads/${multipart.body.data.image}`)).status).toBe(200);
    const forever = await api(server, 'DELETE', `/api/trash/team-member/${multipart.body.data.id}`, { cookie });
    expect(forever.status).toBe(200);
    expect((await fetch(`${server.url}/uploads/${multipart.body.data.image}`)).status).toBe(404);
  });
});
