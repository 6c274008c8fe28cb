// Loads a CLI module of this package: installed, from the built dist/; in the repository's
// checkout (src/ present, nothing built), from the TypeScript sources through tsx, a devDependency
// there, with the workspace packages resolved to their sources too (the `jantaku-source` condition).
import { existsSync } from 'node:fs';
import { register } from 'node:module';

export async function load(module) {
  const src = new URL(`../src/${module}.ts`, import.meta.url);
  if (!existsSync(src)) return import(new URL(`../dist/${module}.js`, import.meta.url).href);
  register('data:text/javascript,' + encodeURIComponent(
    'export const resolve = (s, c, next) => next(s, { ...c, conditions: [...new Set([...c.conditions, "jantaku-source"])] });'));
  (await import('tsx/esm/api')).register();
  return import(src.href);
}
