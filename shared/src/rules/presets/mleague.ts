import type { Ruleset } from '../schema';

/**
 * M.League's official rules (Mリーグの公式戦ルール). docs/RULESETS.md gives each value's source;
 * values no text here settles are marked there as unverified.
 */
export const mleague: Ruleset = {
  name: 'mleague',
  startPoints: 25000,
  returnPoints: 30000,
  // +30/+10/−10/−30 with the oka of 20 to first: the rank points +50/+10/−10/−30.
  uma: [30, 10, -10, -30],
  leftoverSticksToWinner: true,
  tiedRanks: 'shareUma',
  redFives: [1, 1, 1],
  openTanyao: true,
  doubleWindPairFu: 2,
  kiriageMangan: false,
  kazoe: 'sanbaiman',
  doubleYakuman: false,
  yakumanStacking: true,
  daisuushiiDouble: false,
  renhou: 'none',
  nagashiMangan: true,
  uraDora: true,
  kanDora: true,
  kanUraDora: true,
  kanDoraTiming: 'immediate',
  // Suukantsu too, when the fourth kan is a daiminkan (M1, M3).
  pao: { daisangen: true, daisuushii: true, suukantsu: true, scope: 'paoYakuman' },
  honbaPoints: 300,
  ryanhanShibari: null,
  riichiStick: 1000,
  notenPayment: 3000,
  kuikae: 'forbidden',
  tempFuritenEndsOnCall: false,
  tempFuritenEndsOnConcealedKan: false,
  multipleRon: 'headBump',
  abortiveDraws: { nineTerminals: false, fourWinds: false, fourKans: false, fourRiichi: false, tripleRon: false },
  kokushiRobsAnkan: false,
  // No bust, so a riichi can always be paid; a riichi with no draw left is allowed, on the last tile not.
  riichiMinPoints: 0,
  riichiMinWallTiles: 1,
  dealerRepeatOnTenpai: true,
  dealerRepeatOnAbort: true,
  length: 'hanchan',
  bust: false,
  westExtension: false,
  agariYame: false,
  tenpaiYame: false,
  foulPolicy: 'penalise',
  rulebook: 'wrc',
  timeControl: { kind: 'none' },
  clientDraws: false,
  wsom: { count: false, claims: false },
  riichiRetractMs: null,
  chombo: { kind: 'globalPoints', points: 20 },
};
