/** Fu of the parts of a regular hand. */
import type { Ruleset } from '../rules/schema';

export const isYaochu = (k: number): boolean => k >= 27 || k % 9 === 0 || k % 9 === 8;

/** A triplet is 2 fu, doubled for terminals/honours, doubled when concealed, times 4 as a kan. */
export function setFu(kind: number, concealed: boolean, kan: boolean): number {
  let fu = 2;
  if (isYaochu(kind)) fu *= 2;
  if (concealed) fu *= 2;
  return kan ? fu * 4 : fu;
}

/** Dragons, the seat wind and the round wind are 2 fu each; a double wind per the ruleset. */
export function pairFu(kind: number, seatWind: number, roundWind: number, rules: Ruleset): number {
  if (kind >= 31) return 2;
  if (kind === seatWind && kind === roundWind) return rules.doubleWindPairFu;
  return kind === seatWind || kind === roundWind ? 2 : 0;
}

export const roundUpTo10 = (fu: number): number => Math.ceil(fu / 10) * 10;
