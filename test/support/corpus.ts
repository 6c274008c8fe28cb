import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The handbook's corpus beside the checkout (read in place, never copied). */
export const CORPUS = resolve(import.meta.dirname, '../../../shared/corpus');

export function corpusFiles(dir: string): { name: string; path: string; text: string }[] {
  const full = join(CORPUS, dir);
  return readdirSync(full)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => ({ name, path: join(full, name), text: readFileSync(join(full, name), 'utf8') }));
}
