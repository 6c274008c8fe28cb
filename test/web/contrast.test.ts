import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createFromLobby, probe, until, webSuite } from './browser';

/** axe-core's colour-contrast rule (WCAG 2 AA: 4.5:1 for text, 3:1 for large text), run in the page. */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function contrastViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const found = (await page.evaluate(`axe.run(document, { runOnly: ['color-contrast'] }).then((r) =>
    r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ') + ': ' + n.any.map((a) => a.message).join('; '))))`)) as string[];
  return found;
}

const web = webSuite();

describe('contrast (issue 15 item 9): WCAG AA on every text the pages show', () => {
  it('the lobby, a player\'s table with its action bar and aids, and a spectator\'s table', async () => {
    const { page, errors } = await web.newPage();
    await page.goto(`${web.http}/`);
    await page.waitForSelector('#create-form');
    await page.click('details summary');
    expect(await contrastViolations(page)).toEqual([]);
    const id = await createFromLobby(web.http, page, { ruleset: 'wrc2015', seed: 'web-contrast-1', botDelay: '60000', handPause: '3' });
    await until('a tile to discard', async () => (await probe(page)).pickable.length > 0);
    expect(await contrastViolations(page)).toEqual([]);
    const watcher = await web.newPage();
    await watcher.page.goto(`${web.http}/#/table/${encodeURIComponent(id)}?watch=1`);
    await watcher.page.waitForSelector('#table');
    expect(await contrastViolations(watcher.page)).toEqual([]);
    expect([...errors, ...watcher.errors]).toEqual([]);
  }, 120_000);

  it('a hand\'s result as a spectator sees it, and a rule\'s page', async () => {
    const { page, errors } = await web.newPage();
    await createFromLobby(web.http, page, { ruleset: 'tenhou', seed: 'web-contrast-2', botDelay: '0', handPause: '30', bots: '4', seat: 'watch' });
    await page.waitForSelector('#result', { timeout: 90_000 });
    expect(await contrastViolations(page)).toEqual([]);
    await page.goto(`${web.http}/#/rules/WRC-F-KUIKAE`);
    await page.waitForSelector('.rule-page');
    expect(await contrastViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
