import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The workspace packages resolve to their TypeScript sources (their `jantaku-source` export
// condition), not to the dist/ a consumer of the tarballs gets; see .npmrc for spawned processes.
const SOURCE = 'jantaku-source';

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions], externalConditions: [SOURCE] } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
