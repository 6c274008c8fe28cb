import { describe, expect, it } from 'vitest';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { ema2012, tenhou, wrc2015 } from '@jantaku/shared/rules/shipped';
import type { Ruleset } from '@jantaku/shared/rules/schema';
import { scoreWin } from '@jantaku/shared/scoring/score';
import type { WinInput } from '@jantaku/shared/scoring/types';
import { TENHOU_YAKU } from './corpus';
import { randomWin, rng } from './gen';
import { peerScore, toPeer } from './peer';

const HANDS = Number(process.env.SCORING_PROPERTY_HANDS ?? 3000);

// majiang's names where they differ from Tenhou's.
const PEER_YAKU: Record<string, string> = {
  ...TENHOU_YAKU, ダブル立直: 'doubleRiichi', '翻牌 白': 'yakuhaiHaku', '翻牌 發': 'yakuhaiHatsu', '翻牌 中': 'yakuhaiChun',
  国士無双十三面: 'kokushi13',
};
const yakuText = (list: [string, number][]) => list.map(([id, han]) => `${id}:${han}`).sort().join(' ');

/** Points, han and fu (or the yakuman multiple) and the yaku in one comparable string; '-' for no win. */
function ours(w: WinInput, rules: Ruleset): string {
  const r = scoreWin(w, rules);
  if (!r) return '-';
  const points = r.payment.total - w.honba * rules.honbaPoints;
  const yaku = yakuText(r.yaku.map((y) => [y.id, y.han]));
  // Without stacking we list only the yakuman that counts; majiang lists them all.
  return r.yakuman ? `${r.yakuman}x yakuman ${points} ${rules.yakumanStacking ? yaku : ''}` : `${r.han} han ${r.fu} fu ${points} ${yaku}`;
}
function peer(w: WinInput, rules: Ruleset): string {
  const r = peerScore(toPeer(w, rules));
  if (!r || !r.defen) return '-';
  const yaku = yakuText(r.hupai.map((h) => [PEER_YAKU[h.name] ?? h.name, typeof h.fanshu === 'number' ? h.fanshu : 13 * h.fanshu.length]));
  return r.damanguan ? `${r.damanguan}x yakuman ${r.defen} ${rules.yakumanStacking ? yaku : ''}` : `${r.fanshu} han ${r.fu} fu ${r.defen} ${yaku}`;
}

// majiang-core's rule object has no "double yakuman without stacking" (it then counts every
// hand as a single yakuman), nor a double daisuushii on its own, so those are not compared
// (test/scoring/yaku.test.ts covers daisuushiiDouble).
const RULESETS: [string, Ruleset][] = [
  ['tenhou', tenhou],
  ['wrc2015 (kiriage, 2-fu double wind, no red, kazoe capped)', wrc2015],
  ['ema2012 (no open tanyao)', { ...ema2012, daisuushiiDouble: false }],
  ['tenhou with double yakuman', makeRuleset('tenhou', { doubleYakuman: true })],
  ['tenhou without stacking', makeRuleset('tenhou', { yakumanStacking: false })],
];

describe('agrees with majiang-core Util.hule on random complete hands', () => {
  it.each(RULESETS)('%s', (_, rules) => {
    const r = rng(20240601);
    const diffs: string[] = [];
    let wins = 0;
    for (let i = 0; i < HANDS; i++) {
      const w = randomWin(r);
      const a = ours(w, rules);
      const b = peer(w, rules);
      if (a !== '-') wins++;
      if (a !== b) diffs.push(`#${i} ours ${a} / majiang ${b}: ${JSON.stringify(w)}`);
    }
    expect(diffs.slice(0, 5)).toEqual([]);
    expect(wins).toBeGreaterThan(HANDS / 2);
  });
});
