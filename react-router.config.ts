import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The Environment API builds server and client together, so `?url` assets hash alike in both.
  future: { v8_trailingSlashAwareDataRequests: true, v8_viteEnvironmentApi: true },
} satisfies Config;
