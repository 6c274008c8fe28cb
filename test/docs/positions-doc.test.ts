/**
 * docs/POSITIONS.md shows test/docs/positions-example.ts verbatim; this runs it (its asserts
 * are the example's claims) and checks the doc has not drifted from it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (p: string) => readFileSync(new URL(p, import.meta.url), 'utf8');

describe('docs/POSITIONS.md', () => {
  it('EMA12-FURITEN-TEMP, EMA12-CHOMBO-NOTEN-RIICHI: the example in the doc is the file the test runs', () => {
    const doc = read('../../docs/POSITIONS.md');
    const example = read('./positions-example.ts');
    expect(doc).toContain('```ts\n' + example + '```');
  });

  it('EMA12-FURITEN-TEMP, EMA12-CHOMBO-NOTEN-RIICHI: the example runs and its assertions hold', async () => {
    await expect(import('./positions-example')).resolves.toBeDefined();
  });
});
