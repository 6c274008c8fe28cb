import type { Ruleset } from './schema';

/** Tenhou's ranked rules (鳳南喰赤): what the corpus is played under and what casual players expect. */
export const tenhou: Ruleset = {
  name: 'tenhou',
  startPoints: 25000,
  returnPoints: 30000,
  uma: [20, 10, -10, -20],
  leftoverSticksToWinner: true,
  redFives: [1, 1, 1],
  openTanyao: true,
  doubleWindPairFu: 4,
  kiriageMangan: false,
  kazoe: 'yakuman',
  doubleYakuman: false,
  yakumanStacking: true,
  nagashiMangan: true,
  uraDora: true,
  kanDora: true,
  kanUraDora: true,
  kanDoraTiming: 'afterDiscard',
  pao: { daisangen: true, daisuushii: true },
  honbaPoints: 300,
  riichiStick: 1000,
  notenPayment: 3000,
  kuikae: 'forbidden',
  multipleRon: 'double',
  abortiveDraws: { nineTerminals: true, fourWinds: true, fourKans: true, fourRiichi: true, tripleRon: true },
  kokushiRobsAnkan: true,
  riichiMinPoints: 1000,
  riichiMinWallTiles: 4,
  dealerRepeatOnTenpai: true,
  dealerRepeatOnAbort: true,
  length: 'hanchan',
  bust: true,
  westExtension: true,
  agariYame: true,
  foulPolicy: 'prevent',
  chombo: { kind: 'none' },
};

/** World Riichi Championship 2015. */
export const wrc2015: Ruleset = {
  ...tenhou,
  name: 'wrc2015',
  startPoints: 30000,
  returnPoints: 30000,
  uma: [15, 5, -5, -15],
  leftoverSticksToWinner: true,
  redFives: [0, 0, 0],
  doubleWindPairFu: 2,
  kiriageMangan: true,
  kazoe: 'sanbaiman',
  doubleYakuman: false,
  yakumanStacking: true,
  nagashiMangan: false,
  kanDoraTiming: 'immediate',
  kuikae: 'forbidden',
  multipleRon: 'headBump',
  abortiveDraws: { nineTerminals: false, fourWinds: false, fourKans: false, fourRiichi: false, tripleRon: false },
  kokushiRobsAnkan: false,
  riichiMinWallTiles: 4,
  bust: false,
  westExtension: false,
  agariYame: false,
  foulPolicy: 'penalise',
  chombo: { kind: 'globalPoints', points: 20 },
};

/** EMA Riichi Competition Rules 2008/2012. */
export const ema2012: Ruleset = {
  ...wrc2015,
  name: 'ema2012',
  redFives: [1, 1, 1],
  openTanyao: false,
  kiriageMangan: false,
  kazoe: 'yakuman',
  nagashiMangan: true,
  kuikae: 'allowed',
  multipleRon: 'triple',
  abortiveDraws: { nineTerminals: true, fourWinds: true, fourKans: true, fourRiichi: true, tripleRon: false },
  chombo: { kind: 'mangan' },
};

/** EMA Riichi Competition Rules 2016. */
export const ema2016: Ruleset = {
  ...wrc2015,
  name: 'ema2016',
  kiriageMangan: false,
  multipleRon: 'triple',
};

/** Russian riichi rules. */
export const russian: Ruleset = {
  ...wrc2015,
  name: 'russian',
  kiriageMangan: false,
  multipleRon: 'triple',
  abortiveDraws: { nineTerminals: true, fourWinds: false, fourKans: false, fourRiichi: false, tripleRon: false },
  chombo: { kind: 'mangan' },
};

export const SHIPPED_RULESETS = { tenhou, wrc2015, ema2012, ema2016, russian } as const;
export type ShippedRulesetName = keyof typeof SHIPPED_RULESETS;
