import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import type { CodeSplittingGroup } from 'rolldown';
import { defineConfig } from 'vite';

/** The route modules a visitor's first page, the home page, runs. */
const HOME_ROUTES = ['app/root.tsx', 'app/routes/public/layout.tsx', 'app/routes/public/home.tsx'].map((file) =>
  path.resolve(import.meta.dirname, file),
);

/**
 * The site's own modules the home page imports, in one chunk (issue 28). Left to automatic splitting, every small
 * module two routes share became a file of its own, and the home page asked for 25 scripts, most under 1 KB. The
 * group holds only what the home page's routes reach by static imports, so no dashboard code ever joins it; other
 * routes that use some of it load it too, and what is theirs alone still splits as before.
 */
function homeCode(): CodeSplittingGroup {
  let reached: Set<string> | undefined;
  return {
    debugName: 'site',
    name: (id, context) => {
      if (!reached) {
        reached = new Set();
        const walk = (from: string) => {
          for (const next of context.getModuleInfo(from)?.importedIds ?? []) {
            if (reached!.has(next) || next.includes('node_modules') || HOME_ROUTES.includes(next)) continue;
            reached!.add(next);
            walk(next);
          }
        };
        HOME_ROUTES.forEach(walk);
      }
      return reached.has(id) ? 'site' : null;
    },
  };
}

// The server build's entry is server/main.ts, which imports React Router's
// server build: the API, the services and the pages share one bundle and so
// one database connection. A cluster's primary loads an entry of its own,
// build/server/cluster-primary.js, with nothing of the server's but the visits'
// country table (decision 029): React Router names every entry index.js, so
// the plugin below names the others after their input.
export default defineConfig({
  build: { target: 'es2022' },
  environments: {
    client: {
      build: {
        rollupOptions: { output: { codeSplitting: { groups: [homeCode()] } } },
      },
    },
    ssr: {
      build: {
        target: 'node20',
        rollupOptions: { input: { index: './server/main.ts', 'cluster-primary': './server/cluster-primary.ts' } },
      },
    },
  },
  plugins: [
    reactRouter(),
    {
      name: 'server-entries-by-name',
      applyToEnvironment: (environment) => environment.name === 'ssr',
      outputOptions: (options) => ({
        ...options,
        entryFileNames: '[name].js',
      }),
    },
  ],
});
