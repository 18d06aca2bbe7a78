import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The server build's entry is server/main.ts, which imports React Router's
// server build: the API, the services and the pages share one bundle and so
// one database connection.
export default defineConfig({
  build: { target: 'es2022' },
  environments: {
    ssr: { build: { target: 'node20', rollupOptions: { input: './server/main.ts' } } },
  },
  plugins: [reactRouter()],
});
