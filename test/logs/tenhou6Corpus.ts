import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The read-only tenhou.net/6 corpus beside the checkout (see shared/corpus/README.md). */
export const CORPUS_DIR = fileURLToPath(new URL('../../../shared/corpus/tenhou6/', import.meta.url));

export interface CorpusFile {
  /** e.g. "games/2010081709gm-00a9-0000-fe3371ad.json" */
  name: string;
  text: string;
  /** games/ hold one hand object per line; edge-cases/ one game object. */
  lines: boolean;
}

export function corpusFiles(): CorpusFile[] {
  return (['games', 'edge-cases'] as const).flatMap((dir) =>
    readdirSync(CORPUS_DIR + dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ name: `${dir}/${f}`, text: readFileSync(`${CORPUS_DIR}${dir}/${f}`, 'utf8'), lines: dir === 'games' })),
  );
}

/** The JSON objects of a file: one per line for games/, the whole file for edge-cases/. */
export const corpusObjects = (f: CorpusFile): unknown[] =>
  f.lines ? f.text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)) : [JSON.parse(f.text)];
