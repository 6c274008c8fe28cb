import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The web table: a vanilla TypeScript app built into web/dist, which the server serves at `/`
 * (server/src/web.ts). `npm run dev:web` serves it with hot reload and talks to a server on :2567.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  // @jantaku/shared and @jantaku/client-sdk from their TypeScript sources, not a dist/ build.
  resolve: { conditions: ['jantaku-source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1000,
  },
});
