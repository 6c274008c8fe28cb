import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RULE_IDS } from '@jantaku/shared/referee/ids';
import { rulesDoc } from '@jantaku/shared/referee/rulesDoc';

const ROOT = resolve(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? testFiles(p) : f.endsWith('.test.ts') ? [p] : [];
  });
}

/** The titles of it/test/describe blocks in the test sources. */
function testTitles(): string[] {
  const titles: string[] = [];
  const re = /\b(?:it|test|describe)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const file of testFiles(join(ROOT, 'test'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(re)) titles.push(m[2]);
  }
  return titles;
}

describe('every rulebook rule is tested or declared not applicable', () => {
  it('docs/rules.md is the generated one (npm run rules-doc)', () => {
    expect(readFileSync(join(ROOT, 'docs/rules.md'), 'utf8')).toBe(rulesDoc());
  });

  it('each rule ID is cited by a test title, or listed in docs/rules.md as not applicable with why', () => {
    const titles = testTitles();
    const doc = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8').split('\n');
    const cited = (id: string) => titles.some((t) => new RegExp(`(^|[^A-Z0-9-])${id}(?![A-Z0-9-])`).test(t));
    const notApplicable = (id: string) => doc.some((l) => l.startsWith(`- ${id}: not applicable`) && l.length > id.length + 30);
    const missing = RULE_IDS.filter((id) => !cited(id) && !notApplicable(id));
    expect(missing).toEqual([]);
  });
});
