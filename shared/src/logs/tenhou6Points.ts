import type { LimitName } from '../scoring/types';

/**
 * The points text of a win: "30符4飜7700点", "30符3飜1000-2000点", "30符2飜1000点∀",
 * "満貫8000点", "跳満3000-6000点", "役満16000点∀". Amounts are the hand's value only:
 * honba are not included (they show in the deltas). Limit hands give no fu/han; a counted
 * (kazoe) yakuman reads 役満 like any yakuman.
 */

export type PointsPayment =
  | { type: 'ron'; points: number }
  /** Non-dealer tsumo, written "nonDealer-dealer". */
  | { type: 'tsumo'; nonDealer: number; dealer: number }
  /** Dealer tsumo: each pays the same, written "each点∀". */
  | { type: 'dealerTsumo'; each: number };

export type PointsText =
  | { limit: null; fu: number; han: number; payment: PointsPayment }
  | { limit: LimitName; fu?: number; han?: number; payment: PointsPayment };

const LIMIT_TEXT: Record<LimitName, string> = {
  mangan: '満貫', haneman: '跳満', baiman: '倍満', sanbaiman: '三倍満', yakuman: '役満', kazoeYakuman: '役満',
};

function paymentText(p: PointsPayment): string {
  if (p.type === 'ron') return `${p.points}点`;
  if (p.type === 'tsumo') return `${p.nonDealer}-${p.dealer}点`;
  return `${p.each}点∀`;
}

export function formatPointsText(p: PointsText): string {
  return (p.limit === null ? `${p.fu}符${p.han}飜` : LIMIT_TEXT[p.limit]) + paymentText(p.payment);
}

const N = '(0|[1-9]\\d*)';
const POINTS_RE = new RegExp(`^(?:${N}符${N}飜|(満貫|跳満|倍満|三倍満|役満))(?:${N}-${N}点|${N}点(∀?))$`);
const LIMIT_BY_TEXT = new Map<string, LimitName>([
  ['満貫', 'mangan'], ['跳満', 'haneman'], ['倍満', 'baiman'], ['三倍満', 'sanbaiman'], ['役満', 'yakuman'],
]);

/** The parts of a points text; null if it does not read as Tenhou writes it. 役満 parses as 'yakuman'. */
export function parsePointsText(text: string): PointsText | null {
  const m = POINTS_RE.exec(text);
  if (!m) return null;
  const [, fu, han, limit, nonDealer, dealer, single, all] = m;
  const payment: PointsPayment =
    nonDealer !== undefined ? { type: 'tsumo', nonDealer: Number(nonDealer), dealer: Number(dealer) }
    : all ? { type: 'dealerTsumo', each: Number(single) }
    : { type: 'ron', points: Number(single) };
  return limit
    ? { limit: LIMIT_BY_TEXT.get(limit)!, payment }
    : { limit: null, fu: Number(fu), han: Number(han), payment };
}
