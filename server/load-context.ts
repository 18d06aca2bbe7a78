import type { PartFailure } from './http/errors';
import type { AdminSession } from './services/account/sessions';
import type { ServerContext } from './server-context';

/** What route loaders and actions receive from the server: the services' context. */
declare module 'react-router' {
  interface AppLoadContext {
    ctx: ServerContext;
    /** The visitor's address, as the server trusts it (TRUST_PROXY). */
    clientIp: string;
    /** The administrator's session the request carries, if valid: its answer must stay out of shared caches. */
    admin: AdminSession | null;
    /** Set by handleRouteError when a loader or action found a part failed (the database, the image store, the disk). */
    partFailure?: PartFailure;
  }
}

export {};
