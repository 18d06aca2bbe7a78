// Starts the site. Production runs the built bundle (build/server/index.js);
// development (`npm run dev`) loads the TypeScript sources through Vite with
// hot reload of the pages.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const development = process.env.NODE_ENV === 'development';

async function start() {
  if (!development) {
    const { startServer } = await import('./build/server/index.js');
    return startServer({ root });
  }
  const vite = await import('vite');
  const viteServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  const { startServer } = await viteServer.ssrLoadModule('./server/main.ts');
  const running = await startServer({
    root,
    dev: {
      assets: viteServer.middlewares,
      loadBuild: () => viteServer.ssrLoadModule('virtual:react-router/server-build'),
    },
  });
  return { ...running, close: () => running.close().then(() => viteServer.close()) };
}

start().then(
  (running) => {
    let stopping = false;
    const stop = (signal) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received: finishing requests in flight, then stopping.`);
      running.close().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  },
  (error) => {
    console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error);
    process.exit(1);
  },
);
