import { execFileSync } from 'node:child_process';

/** API tests run the production server, so the build must be current first. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/ensure-build.js'], { stdio: 'inherit' });
}
