import { dropTestSchemas } from './test-database';

/**
 * Each test server's and domain context's schema stays until the whole run is over (dropTestSchemas says why),
 * and none is left behind by an earlier run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  await dropTestSchemas();
  return dropTestSchemas;
}
