import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Builds the web client into web/dist with Vite's JS API when it is missing or older than its
 * sources (`npm start` runs this first, so it serves the app with no extra step; `npm run
 * build:web` always builds).
 */
const WEB = fileURLToPath(new URL('.', import.meta.url));
const DIST_INDEX = join(WEB, 'dist', 'index.html');

function newest(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/** Whether web/dist is missing or older than web/src, index.html, the Vite config, or the SDK and engine sources it bundles. */
export function webStale(): boolean {
  if (!existsSync(DIST_INDEX)) return true;
  const built = statSync(DIST_INDEX).mtimeMs;
  return ['src', 'index.html', 'vite.config.ts', '../client-sdk/src', '../shared/src'].some((f) => newest(join(WEB, f)) > built);
}

/** Builds web/dist if it is stale (or always, with `force`). Returns whether it built. */
export async function ensureWebBuilt(force = false): Promise<boolean> {
  if (!force && !webStale()) return false;
  // A production build even from a test run (vitest sets NODE_ENV=test, which Vite would honour).
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { build } = await import('vite');
    await build({ configFile: join(WEB, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
  }
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const force = process.argv.includes('--force');
  ensureWebBuilt(force)
    .then((built) => console.log(built ? 'web client built into web/dist' : 'web client is up to date (web/dist)'))
    .catch((e) => {
      // Without Vite (an install without devDependencies) the server still starts, serving a prebuilt web/dist if any.
      if (!force && (e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
        console.warn(`web client not rebuilt (${(e as Error).message}); serving ${existsSync(DIST_INDEX) ? 'the existing' : 'no'} web/dist`);
        return;
      }
      console.error(e);
      process.exit(1);
    });
}
