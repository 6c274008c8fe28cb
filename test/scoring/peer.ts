/**
 * The peer scorer, @kobalab/majiang-core's Util.hule, fed the same wins: a WinInput and a Ruleset
 * are converted once (untimed in the benchmark) into its hand string and parameter object.
 */
import { createRequire } from 'node:module';
import type { Ruleset } from '@jantaku/shared/rules/schema';
import type { WinInput } from '@jantaku/shared/scoring/types';

interface Shoupai {
  zimo(p: string): Shoupai;
}
export interface PeerResult {
  hupai: { name: string; fanshu: number | string }[];
  fu?: number;
  fanshu?: number;
  damanguan?: number;
  defen: number;
}
interface MajiangCore {
  rule(overrides: Record<string, unknown>): object;
  Shoupai: { fromString(s: string): Shoupai };
  Util: {
    hule(shoupai: Shoupai, rongpai: string | null, param: object): PeerResult | undefined;
    hule_param(p: Record<string, unknown>): object;
  };
}
export const Majiang = createRequire(import.meta.url)('@kobalab/majiang-core') as MajiangCore;

export interface PeerCase {
  shoupai: Shoupai;
  rongpai: string | null;
  param: object;
}

/** majiang's rule object equivalent to a ruleset's scoring flags (its pao is ours, not its). */
export function peerRule(rules: Ruleset): object {
  return Majiang.rule({
    'クイタンあり': rules.openTanyao,
    '連風牌は2符': rules.doubleWindPairFu === 2,
    '役満の複合あり': rules.yakumanStacking,
    'ダブル役満あり': rules.doubleYakuman,
    '数え役満あり': rules.kazoe === 'yakuman',
    '切り上げ満貫あり': rules.kiriageMangan,
    '役満パオあり': false,
  });
}

/** "m5", "z7", or "p0" for a red five that the ruleset counts. */
function tile(id: number, rules: Ruleset): string {
  const k = id >> 2;
  if (k >= 27) return `z${k - 26}`;
  const suit = (k / 9) | 0;
  const red = id === k * 4 && k % 9 === 4 && rules.redFives[suit] === 1;
  return 'mps'[suit] + (red ? 0 : (k % 9) + 1);
}

function handString(ids: readonly number[], rules: Ruleset): string {
  const bySuit: Record<string, string> = { m: '', p: '', s: '', z: '' };
  for (const id of ids) {
    const t = tile(id, rules);
    bySuit[t[0]] += t[1];
  }
  return Object.entries(bySuit).map(([s, d]) => (d ? s + d : '')).join('');
}

function meldString(m: WinInput['melds'][number], rules: Ruleset): string {
  const ts = m.tiles.map((t) => tile(t, rules));
  const digits = ts.map((t) => t[1]);
  const s = ts[0][0];
  switch (m.type) {
    case 'chii': {
      const at = m.tiles.indexOf(m.calledTile!);
      return s + digits.map((d, i) => (i === at ? `${d}-` : d)).join('');
    }
    case 'pon': return `${s}${digits.join('')}=`;
    case 'daiminkan': return `${s}${digits.join('')}=`;
    case 'shouminkan': return `${s}${digits.slice(0, 3).join('')}=${digits[3]}`;
    case 'ankan': return s + digits.join('');
  }
}

export function toPeer(w: WinInput, rules: Ruleset, rule: object = peerRule(rules)): PeerCase {
  const melds = w.melds.map((m) => meldString(m, rules));
  const shoupai = Majiang.Shoupai.fromString([handString(w.concealed, rules), ...melds].join(','));
  const win = tile(w.winTile, rules);
  if (w.tsumo) shoupai.zimo(win);
  const ura = w.riichi === 'none' || !rules.uraDora ? null : rules.kanUraDora ? w.uraIndicators : w.uraIndicators.slice(0, 1);
  const param = Majiang.Util.hule_param({
    rule,
    zhuangfeng: w.roundWind - 27,
    menfeng: w.seatWind - 27,
    lizhi: w.riichi === 'double' ? 2 : w.riichi === 'riichi' ? 1 : 0,
    yifa: w.ippatsu,
    qianggang: w.chankan,
    lingshang: w.rinshan,
    haidi: w.haitei ? 1 : w.houtei ? 2 : 0,
    tianhu: w.tenhou ? 1 : w.chiihou ? 2 : 0,
    baopai: w.doraIndicators.map((t) => tile(t, rules).replace('0', '5')),
    fubaopai: ura && ura.map((t) => tile(t, rules).replace('0', '5')),
    changbang: w.honba,
    lizhibang: 0,
  });
  return { shoupai, rongpai: w.tsumo ? null : `${win}=`, param };
}

export const peerScore = (c: PeerCase): PeerResult | undefined => Majiang.Util.hule(c.shoupai, c.rongpai, c.param);
