// `npm run reset-password [-- --disable-2fa]`: for a lost password. Reads DATA_DIR and DATABASE_URL
// like the server, sets a new random password (printed once, to be replaced at the next sign-in) and
// ends every session. Safe while the server runs.
import fs from 'node:fs';
import { readConfig } from '../server/config';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { resetPassword } from '../server/services/account/account';
import { runScript } from './backup-archive';

const USAGE = 'npm run reset-password [-- --disable-2fa]';

async function main(): Promise<void> {
  const flags = process.argv.slice(2);
  const unknown = flags.filter((flag) => flag !== '--disable-2fa');
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown[0]}. Usage: ${USAGE}`);
  const config = readConfig();
  if (!config.databaseUrl && !fs.existsSync(config.databaseFile)) {
    throw new Error(`No database at ${config.databaseFile}: check DATA_DIR (or DATABASE_URL).`);
  }
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const disableTwoFactor = flags.includes('--disable-2fa');
    const { username, password } = await resetPassword(db, {
      disableTwoFactor,
      passwordHashCost: config.passwordHashCost,
    });
    console.log(
      [
        `New password for "${username}", shown only once:`,
        `    ${password}`,
        'Every session has been signed out. Sign in with it at /dashboard/login: the dashboard then asks for a',
        'new password of your own before anything else, so this one stops working once you have chosen it.',
        disableTwoFactor
          ? 'Two-factor sign-in is off; turn it on again on the Account page.'
          : 'Two-factor sign-in is unchanged: add --disable-2fa if the authenticator and recovery codes are lost too.',
      ].join('\n'),
    );
  } finally {
    await db.destroy();
  }
}

runScript(main);
