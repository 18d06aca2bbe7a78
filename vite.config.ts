import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The server build's entry is server/main.ts, which imports React Router's
// server build: the API, the services and the pages share one bundle and so
// one database connection.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: './server/main.ts' }, target: 'node20' } : { target: 'es2022' },
  plugins: [reactRouter()],
}));
