import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The handbook's corpus beside the checkout (read in place, never copied); JANTAKU_CORPUS names it for a checkout elsewhere (a worktree). */
export const CORPUS = process.env.JANTAKU_CORPUS ?? resolve(import.meta.dirname, '../../../shared/corpus');

export function corpusFiles(dir: string): { name: string; path: string; text: string }[] {
  const full = join(CORPUS, dir);
  return readdirSync(full)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => ({ name, path: join(full, name), text: readFileSync(join(full, name), 'utf8') }));
}
