import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'client-sdk/package.json'), 'utf8'));

/** Every module specifier a TypeScript file imports or re-exports (type-only ones included: harmless, and rare). */
function specifiers(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:import|export)\s[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function resolveTs(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else if (spec.startsWith('@jantaku/shared/')) base = join(root, 'shared/src', spec.slice('@jantaku/shared/'.length));
  else if (spec.startsWith('@jantaku/client-sdk')) base = join(root, 'client-sdk/src/index');
  else return null;
  if (base.endsWith('.ts')) return base;
  return existsSync(`${base}.ts`) ? `${base}.ts` : join(base, 'index.ts');
}

describe('the browser entry', () => {
  it('package.json points at it, with types, bins and files, ready to publish', () => {
    expect(pkg).toMatchObject({ name: '@jantaku/client-sdk', type: 'module' });
    // The repo's tools read the sources (the jantaku-source condition); consumers get the build.
    expect(pkg.exports['.']).toEqual({ 'jantaku-source': './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' });
    expect(pkg.exports['./browser']).toMatchObject({ default: './dist/browser/jantaku-client.js' });
    expect(Object.keys(pkg.bin)).toEqual(expect.arrayContaining(['jantaku-bot', 'jantaku-watch']));
    for (const file of [pkg.bin['jantaku-bot'], pkg.bin['jantaku-watch']] as string[]) expect(readFileSync(join(root, 'client-sdk', file), 'utf8')).toMatch(/^#!\/usr\/bin\/env node/);
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'bin']));
    expect(pkg.files).not.toContain('src');
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['@colyseus/sdk', '@jantaku/shared']));
    expect(pkg.private).toBeUndefined();
  });

  it('imports nothing Node-only, through client-sdk and the engine files it reaches', () => {
    const entry = join(root, 'client-sdk/src/index.ts');
    const seen = new Set<string>();
    const external = new Set<string>();
    const todo = [entry];
    while (todo.length) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of specifiers(file)) {
        const next = resolveTs(file, spec);
        if (next) todo.push(next);
        else external.add(spec);
      }
    }
    const node = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    expect([...external].filter((s) => node.has(s) || s.startsWith('node:'))).toEqual([]);
    // What a bundler needs besides our own sources.
    // @noble/hashes: the walls' HMAC-SHA-256 (pure JS, runs in browsers).
    for (const s of external) expect(s).toMatch(/^(@colyseus\/(sdk|schema)|zod|@noble\/hashes)(\/|$)/);
    expect([...seen].some((f) => f.includes('/cli/'))).toBe(false);
    // No use of Node globals in the SDK's own files either.
    for (const f of [...seen].filter((x) => x.includes('/client-sdk/'))) {
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/\bprocess\.|\bBuffer\b|__dirname|require\(/);
    }
    expect(seen.size).toBeGreaterThan(10);
  });
});
