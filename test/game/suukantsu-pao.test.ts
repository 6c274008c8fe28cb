import { describe, expect, it } from 'vitest';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { discard, passClaims, play, scenario, tileOf, tsumogiri } from '../support/scenario';

/*
 * Suukantsu pao (`pao.suukantsu`, mleague): M1 (riichi.wiki "M.League", notable variations:
 * "Suukantsu's pao only applies to the case where sankantsu is completed while fourth kan is
 * daiminkan") and riichi.wiki "Sekinin barai" ("the player discarding into the fourth kantsu of a
 * suukantsu hand. This fourth kan must therefore be a daiminkan"; on tsumo the liable player
 * pays the full amount). South (seat 1) makes three concealed kans, West (seat 2) discards the
 * fourth East, South calls it for the fourth kan and wins on the replacement tile.
 */
const deal = (rules: string) =>
  scenario({
    rules: makeRuleset(rules, { abortiveDraws: { fourKans: false } }),
    haipai: ['99m19p19s8s234z66z7z', '1111m2222p33s111z', '345678m345678p5s', '234567m456789s8p'],
    // South: 3s, then the replacements 3s, 5z, 6z; after the daiminkan the replacement 5z. West draws the fourth East.
    draws: ['*', '3s3s5z6z5z', '1z', '*'],
  });

function toFourthKan(rules: string) {
  const g = deal(rules);
  tsumogiri(g); // East
  play(g, [1, { type: 'ankan', tile: tileOf(g, 1, '1m') }]);
  play(g, [1, { type: 'ankan', tile: tileOf(g, 1, '3s') }]);
  play(g, [1, { type: 'ankan', tile: tileOf(g, 1, '2p') }]);
  play(g, discard(g, 1, '6z'));
  passClaims(g);
  play(g, discard(g, 2, '1z'));
  play(g, [1, { type: 'daiminkan' }]);
  passClaims(g);
  play(g, [1, { type: 'tsumo' }]);
  return g.lastResult!.wins[0];
}

describe('suukantsu pao (pao.suukantsu)', () => {
  it('mleague: the seat that fed the fourth kan by daiminkan pays the whole yakuman on the replacement-tile tsumo', () => {
    const win = toFourthKan('mleague');
    expect(win.score.yaku.map((y) => y.id)).toContain('suukantsu');
    expect(win.pao).toBe(2);
    expect(win.deltas).toEqual([0, 32000, -32000, 0]);
  });
  it('tenhou (no suukantsu pao): the same win is paid by all three, 16,000 from the dealer and 8,000 from each other', () => {
    const win = toFourthKan('tenhou');
    expect(win.pao).toBeNull();
    expect(win.deltas).toEqual([-16000, 32000, -8000, -8000]);
  });
});
