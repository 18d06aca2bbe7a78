import type { ServiceContext } from './services/context';

/** What route loaders and actions receive from the server: the services' context. */
declare module 'react-router' {
  interface AppLoadContext {
    ctx: ServiceContext;
  }
}

export {};
