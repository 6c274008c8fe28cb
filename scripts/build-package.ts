import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * Builds the workspace package in the current directory into dist/ (`npm run build` there, and
 * `prepack` before `npm pack`): JavaScript and .d.ts from tsc (tsconfig.build.json), then every
 * relative import made a full file path (`./tiles` → `./tiles/index.js`), which Node's ESM loader
 * and TypeScript's node16 resolution need; the sources stay extensionless for the repo's tools.
 * `--browser IN OUT`: also bundles dist/IN with its dependencies into dist/OUT for browsers.
 */
const require = createRequire(import.meta.url);
const pkgDir = process.cwd();
const dist = join(pkgDir, 'dist');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

/** `spec` (relative, extensionless) imported from `file`, as the emitted file it names. */
export function fullSpecifier(file: string, spec: string): string {
  if (/\.(m?js|json)$/.test(spec)) return spec;
  const base = resolve(dirname(file), spec);
  if (existsSync(`${base}.js`)) return `${spec}.js`;
  if (existsSync(join(base, 'index.js'))) return `${spec.replace(/\/$/, '')}/index.js`;
  throw new Error(`${file}: cannot resolve ${spec}`);
}

// Static imports/exports, `import 'x'`, dynamic `import('x')` and .d.ts `import('x').T`.
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.\.?(?:\/[^'"]*)?)\2/gm;

function rewrite(file: string): void {
  const code = readFileSync(file, 'utf8');
  const out = code.replace(SPECIFIER, (_m, lead: string, q: string, spec: string) => `${lead}${q}${fullSpecifier(file, spec)}${q}`);
  if (out !== code) writeFileSync(file, out);
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: pkgDir, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

rmSync(dist, { recursive: true, force: true });
const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
run(process.execPath, [tsc, '-p', 'tsconfig.build.json']);
for (const f of files(dist)) if (/\.(js|d\.ts)$/.test(f)) rewrite(f);

const browser = process.argv.indexOf('--browser');
if (browser >= 0) {
  const [entry, out] = process.argv.slice(browser + 1, browser + 3);
  const { build } = await import('esbuild');
  await build({ entryPoints: [join(dist, entry!)], outfile: join(dist, out!), bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, logLevel: 'warning' });
}
