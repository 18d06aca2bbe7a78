// `node --import tsx tests/e2e/prepare-data.ts <data folder> [--demo]`: run by each browser-test server's command
// before `node server.js` (playwright.config.ts). Empties the folder; with --demo, fills it with a copy of the demo
// content, which the first server of the run seeds through the real server once: seeding encodes 64 images
// (30 s of one core here), and Playwright starts its servers one after the other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '../support/test-server';
import { DEMO_TEMPLATE_PREFIX, demoTemplateDir, E2E_ADMIN_PASSWORD } from './e2e-env';

const [dataDir, mode] = process.argv.slice(2);
const run = process.env.STUDIO_E2E_RUN;
if (!dataDir || !run) throw new Error('usage: STUDIO_E2E_RUN=<id> prepare-data.ts <data folder> [--demo]');

const template = demoTemplateDir(run);

/** Older than any run takes: a template another run on this machine is still copying from is left alone. */
const STALE_TEMPLATE_MS = 3 * 60 * 60 * 1000;

async function seedTemplate(): Promise<void> {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const folder = path.join(os.tmpdir(), name);
    if (name.startsWith(DEMO_TEMPLATE_PREFIX) && Date.now() - fs.statSync(folder).mtimeMs > STALE_TEMPLATE_MS) {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  const seeding = `${template}.seeding`;
  // Seeding draws and encodes 64 images: minutes on a machine busy with other work (playwright.config.ts waits as long).
  const server = await startTestServer({ SEED_DEMO: '1', ADMIN_PASSWORD: E2E_ADMIN_PASSWORD }, seeding, {
    startTimeoutMs: 280_000,
  });
  await server.stop();
  // A folder that exists is complete: one cut short by a failure is never taken for the template.
  fs.renameSync(seeding, template);
}

fs.rmSync(dataDir, { recursive: true, force: true });
if (mode === '--demo') {
  if (!fs.existsSync(template)) await seedTemplate();
  fs.cpSync(template, dataDir, { recursive: true });
}
