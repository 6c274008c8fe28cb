import { describe, expect, it } from 'vitest';
import { tenhou } from '@jantaku/shared/rules/shipped';
import { scoreWin } from '@jantaku/shared/scoring/score';
import type { LimitName, ScoreResult } from '@jantaku/shared/scoring/types';
import { corpusWins, type CorpusWin } from './corpus';

const LIMIT_TEXT: Record<LimitName, string> = {
  mangan: '満貫', haneman: '跳満', baiman: '倍満', sanbaiman: '三倍満', yakuman: '役満', kazoeYakuman: '役満',
};

/** Tenhou's points text ("30符4飜7700点", "満貫2000-4000点", "役満16000点∀"), honba excluded. */
function pointsText(r: ScoreResult, w: CorpusWin): string {
  const head = r.limit ? LIMIT_TEXT[r.limit] : `${r.fu}符${r.han}飜`;
  const honbaEach = (w.input.honba * tenhou.honbaPoints) / 3;
  const p = r.payment;
  if (!w.input.tsumo) return `${head}${p.ron! - 3 * honbaEach}点`;
  if (w.input.dealer) return `${head}${p.tsumoNonDealer! - honbaEach}点∀`;
  return `${head}${p.tsumoNonDealer! - honbaEach}-${p.tsumoDealer! - honbaEach}点`;
}

/** Score deltas as Tenhou logs them: payments plus the riichi sticks this winner collects. */
function deltas(r: ScoreResult, w: CorpusWin): number[] {
  const d = [0, 0, 0, 0];
  const p = r.payment;
  const dealerSeat = w.input.dealer ? w.winner : (w.winner - (w.input.seatWind - 27) + 4) % 4;
  if (!w.input.tsumo) d[w.from] -= p.ron!;
  else for (let s = 0; s < 4; s++) if (s !== w.winner) d[s] -= s === dealerSeat ? p.tsumoDealer! : p.tsumoNonDealer!;
  d[w.winner] += p.total + 1000 * w.sticks;
  return d;
}

const wins = corpusWins();

/** Logged results that contradict the log's own moves: their deltas are not checked. */
const DELTA_ERRATA: Record<string, string> = {
  'edge-cases/confusing_nakis_1.json:1#0 kyoku 1 honba 2 winner 0':
    'seat 2 declares riichi ("r11") and its next discard is ron\'d, yet the stick is missing from the deltas (an edited log)',
};

describe('tenhou6 corpus conformance', () => {
  it('finds the corpus wins', () => {
    expect(wins.length).toBe(284);
    expect(wins.filter((w) => DELTA_ERRATA[w.where])).toHaveLength(Object.keys(DELTA_ERRATA).length);
  });

  it.each(wins.map((w) => [w.where, w] as const))('%s', (_, w) => {
    const r = scoreWin(w.input, tenhou);
    expect(r).not.toBeNull();
    const ours = new Map(r!.yaku.map((y) => [y.id as string, y.han]));
    expect(ours).toEqual(w.yaku);
    if (!r!.yakuman) expect(r!.han).toBe([...w.yaku.values()].reduce((a, b) => a + b, 0));
    expect(pointsText(r!, w)).toBe(w.pointsText);
    if (!DELTA_ERRATA[w.where]) expect(deltas(r!, w)).toEqual(w.deltas);
  });
});
