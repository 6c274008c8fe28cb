/**
 * docs/SCORING.md shows test/docs/scoring-example.ts verbatim; this runs it (its asserts are the
 * example's claims) and checks the doc has not drifted from it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (p: string) => readFileSync(new URL(p, import.meta.url), 'utf8');

describe('docs/SCORING.md', () => {
  it('the example in the doc is the file the test runs', () => {
    expect(read('../../docs/SCORING.md')).toContain('```ts\n' + read('./scoring-example.ts') + '```');
  });

  it('the example runs and its assertions hold', async () => {
    await expect(import('./scoring-example')).resolves.toBeDefined();
  });
});
