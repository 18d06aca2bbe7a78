import type { ServiceContext } from './services/context';

/** What route loaders and actions receive from the server: the services' context. */
declare module 'react-router' {
  interface AppLoadContext {
    ctx: ServiceContext;
    /** The visitor's address, as the server trusts it (TRUST_PROXY). */
    clientIp: string;
    /** The nonce of this answer's Content-Security-Policy, for the inline scripts React writes. */
    cspNonce: string;
  }
}

export {};
