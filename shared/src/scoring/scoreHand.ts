/**
 * scoreHand: the public scoring API over scoreWin. The hand in mpsz notation ("123m406p789s11z",
 * 0 a red five) or tile ids, every option with a default, and a result that is either the value
 * with each seat's score change or a typed reason why the hand scores nothing (docs/SCORING.md).
 */
import { shanten } from '../hand/shanten';
import { waits } from '../hand/waits';
import { makeRuleset, parseRuleset, RulesetError, type Ruleset, type RulesetOverrides } from '../rules';
import { countKinds, isRedId, kindOf, kindToString, parseNotation, parseTiles, suitOf, TileNotationError, type TileId } from '../tiles';
import type { Meld, MeldType } from '../tiles/meld';
import { handTotal } from './payment';
import { meetsShibari, scoreWin } from './score';
import type { LimitName, Payment, WinInput, YakuId } from './types';
import { YAKU_NAMES } from './yakuNames';

/** A seat wind or the round wind. */
export type Wind = 'east' | 'south' | 'west' | 'north';
/** Tiles in mpsz notation ("123m406p11z") or as tile ids (0..135, `kind * 4 + copy`; 16, 52, 88 the red fives). */
export type Tiles = string | readonly TileId[];

export interface MeldInput {
  type: MeldType;
  /** The meld's 3 tiles (chii, pon) or 4 (daiminkan, shouminkan, ankan), e.g. "555z", "406m" ("0" a red five). */
  tiles: Tiles;
}

/** A win to score. Only `hand` and `winTile` are required; every other field has the default it names. */
export interface HandInput {
  /** The concealed tiles, with or without the winning tile: 14 (or 13) tiles less 3 per meld. */
  hand: Tiles;
  /** The winning tile: one mpsz tile ("5m", "0p") or a tile id (which `hand` may hold). */
  winTile: string | TileId;
  /** Called melds and concealed kans. Default none. */
  melds?: readonly MeldInput[];
  /** Default 'ron'. */
  win?: 'ron' | 'tsumo';
  /** The winner's seat wind; east is the dealer. Default 'south' (a non-dealer). */
  seatWind?: Wind;
  /** Default 'east'. */
  roundWind?: Wind;
  /** Ron: who dealt in. Default the seat before the winner in turn order (east for south). */
  discarder?: Wind;
  /** Dora indicators, kan dora included (the indicators, not the dora). Default none. */
  dora?: Tiles;
  /** Ura-dora indicators, counted only with riichi (and as the ruleset's uraDora/kanUraDora say). Default none. */
  ura?: Tiles;
  /** true (riichi) or 'double' (double riichi). Default false. The hand must be concealed. */
  riichi?: boolean | 'double';
  /** Won within the go-around after riichi, no call between. Default false; needs riichi. */
  ippatsu?: boolean;
  /** Tsumo on the last tile of the live wall. Default false. */
  haitei?: boolean;
  /** Ron on the last discard. Default false. */
  houtei?: boolean;
  /** Tsumo on a kan's replacement tile. Default false; needs a kan. */
  rinshan?: boolean;
  /** Ron on a tile added to a pon. Default false. */
  chankan?: boolean;
  /** The dealer's tsumo on the first draw (tenhou), a non-dealer's on his first uninterrupted draw (chiihou). Default false. */
  tenhou?: boolean;
  chiihou?: boolean;
  /** A non-dealer's ron before his first draw, uninterrupted; worth what the ruleset's `renhou` says. Default false. */
  renhou?: boolean;
  /** Counters on the table; each adds the ruleset's honbaPoints (300) to the payment. Default 0. */
  honba?: number;
  /**
   * Riichi sticks on the table that the winner collects, this hand's declarations included; each
   * adds the ruleset's riichiStick (1000) to the winner's delta (their payers paid when declaring). Default 0.
   */
  riichiSticks?: number;
  /** The winner's own discards: a ron when any of the hand's waits is among them is furiten. Default none (not checked). */
  discards?: Tiles;
  /** A shipped ruleset's name ('tenhou', 'wrc2015', 'ema2016', …) or a whole ruleset object. Default 'tenhou'. */
  ruleset?: string | Ruleset;
  /** Settings over the named ruleset (as a table's `rules` option). Default none. */
  overrides?: RulesetOverrides;
}

export interface ScoredYaku {
  id: YakuId;
  /** English name. */
  name: string;
  /** Han; for a yakuman 13 times its multiple. */
  han: number;
  /** A yakuman's multiple (1, or 2 for a double yakuman). */
  yakuman?: number;
}

export interface ScoredHand {
  ok: true;
  /** Han including dora; 0 for a yakuman hand. */
  han: number;
  /** Fu; 0 for a yakuman hand. */
  fu: number;
  /** The yakuman multiple, 0 if none. */
  yakuman: number;
  limit: LimitName | null;
  yaku: ScoredYaku[];
  /** What the hand is worth, without honba and riichi sticks (non-dealer mangan: 8000). */
  points: number;
  /** Who pays how much, honba included: `ron`, or on tsumo `tsumoDealer` and `tsumoNonDealer` (each). */
  payment: Payment;
  /** Each seat's score change, [east, south, west, north]: the payment, honba and riichi sticks. */
  deltas: [number, number, number, number];
  /** The engine's input this was scored from (tile ids), for `scoreWin`. */
  input: WinInput;
}

/**
 * Why a hand scores nothing: 'invalid-tiles' (bad notation, a fifth copy, a tile count or meld
 * that cannot be), 'invalid-options' (an unknown ruleset, or options that contradict each other or
 * the hand), 'incomplete' (not a winning shape), 'furiten' (a ron on a wait the winner discarded),
 * 'no-yaku' (complete, but no yaku: dora alone are none).
 */
export type ScoreFailureReason = 'invalid-tiles' | 'invalid-options' | 'incomplete' | 'furiten' | 'no-yaku';

export interface ScoreFailure {
  ok: false;
  reason: ScoreFailureReason;
  message: string;
}

export type ScoreHandResult = ScoredHand | ScoreFailure;

const WINDS: readonly Wind[] = ['east', 'south', 'west', 'north'];

class Refusal extends Error {
  constructor(readonly reason: ScoreFailureReason, message: string) {
    super(message);
  }
}

const refuse = (reason: ScoreFailureReason, message: string): never => {
  throw new Refusal(reason, message);
};

function seatOf(wind: Wind | undefined, fallback: number, field: string): number {
  if (wind === undefined) return fallback;
  const i = WINDS.indexOf(wind);
  return i >= 0 ? i : refuse('invalid-options', `${field} must be one of ${WINDS.join(', ')}, got ${JSON.stringify(wind)}`);
}

function rulesetOf(input: HandInput): Ruleset {
  const { ruleset = 'tenhou', overrides } = input;
  try {
    if (typeof ruleset === 'string') return makeRuleset(ruleset, overrides);
    if (overrides !== undefined) refuse('invalid-options', 'overrides apply to a named ruleset, not to a ruleset object');
    return parseRuleset(ruleset);
  } catch (e) {
    if (e instanceof RulesetError) refuse('invalid-options', e.message);
    throw e;
  }
}

/**
 * Turns every group of tiles into distinct ids: the id arrays first (as given), then the mpsz
 * strings in the order asked for, each copy one no other group holds.
 */
class TileBook {
  private readonly used = new Set<TileId>();

  constructor(private readonly rules: Ruleset, groups: readonly (Tiles | TileId | undefined)[]) {
    for (const g of groups) {
      if (g === undefined || typeof g === 'string') continue;
      for (const t of typeof g === 'number' ? [g] : g) {
        if (!Number.isInteger(t) || t < 0 || t > 135) refuse('invalid-tiles', `tile id ${t} is not 0..135`);
        if (this.used.has(t)) refuse('invalid-tiles', `tile id ${t} is given twice`);
        this.used.add(t);
      }
    }
  }

  ids(tiles: Tiles, field: string): TileId[] {
    if (typeof tiles !== 'string') return [...tiles];
    let ids: TileId[];
    try {
      ids = parseTiles(tiles, this.used);
    } catch (e) {
      if (e instanceof TileNotationError) refuse('invalid-tiles', `${field}: ${e.message} (with the other tiles of the hand)`);
      throw e;
    }
    // With red fives in play the red is one of the four: a fourth plain five cannot be.
    const written = parseNotation(tiles);
    ids.forEach((t, i) => {
      if (isRedId(t) && !written[i]!.red && this.rules.redFives[suitOf(kindOf(t)) as 0 | 1 | 2] > 0)
        refuse('invalid-tiles', `${field}: a fourth ${kindToString(kindOf(t))} where the ruleset has a red five: write it 0`);
    });
    return ids;
  }
}

const MELD_SIZE: Record<MeldType, number> = { chii: 3, pon: 3, daiminkan: 4, shouminkan: 4, ankan: 4 };

function meldOf(type: MeldType, tiles: TileId[], n: number): Meld {
  const field = `melds[${n}]`;
  if (!Object.hasOwn(MELD_SIZE, type)) refuse('invalid-tiles', `${field}: type must be one of ${Object.keys(MELD_SIZE).join(', ')}`);
  if (tiles.length !== MELD_SIZE[type]) refuse('invalid-tiles', `${field}: a ${type} has ${MELD_SIZE[type]} tiles, got ${tiles.length}`);
  const sorted = [...tiles].sort((a, b) => a - b);
  const k = kindOf(sorted[0]!);
  const run = type === 'chii' && k < 27 && k % 9 <= 6 && kindOf(sorted[1]!) === k + 1 && kindOf(sorted[2]!) === k + 2;
  const same = type !== 'chii' && sorted.every((t) => kindOf(t) === k);
  if (!run && !same) refuse('invalid-tiles', `${field}: ${type === 'chii' ? 'a chii is three consecutive tiles of one suit' : `a ${type} is ${MELD_SIZE[type]} tiles of one kind`}`);
  return type === 'ankan' ? { type, tiles: sorted } : { type, tiles: sorted, calledTile: sorted[0] };
}

/** The engine's WinInput for a HandInput, with its ruleset and seats; throws Refusal. */
function build(input: HandInput): { win: WinInput; rules: Ruleset; seat: number; discarder: number; discardKinds: Set<number> | null } {
  const rules = rulesetOf(input);
  const seat = seatOf(input.seatWind, 1, 'seatWind');
  const round = seatOf(input.roundWind, 0, 'roundWind');
  const tsumo = (input.win ?? 'ron') === 'tsumo';
  if (input.win !== undefined && input.win !== 'ron' && input.win !== 'tsumo') refuse('invalid-options', `win must be 'ron' or 'tsumo', got ${JSON.stringify(input.win)}`);
  const discarder = tsumo ? seat : seatOf(input.discarder, (seat + 3) % 4, 'discarder');
  if (discarder === seat && !tsumo) refuse('invalid-options', 'a ron needs a discarder other than the winner');

  const melds = input.melds ?? [];
  if (melds.length > 4) refuse('invalid-tiles', `at most 4 melds, got ${melds.length}`);
  const book = new TileBook(rules, [input.hand, input.winTile, ...melds.map((m) => m.tiles), input.dora, input.ura]);
  const hand = book.ids(input.hand, 'hand');
  const size = 13 - 3 * melds.length;
  if (hand.length !== size && hand.length !== size + 1)
    refuse('invalid-tiles', `hand: ${hand.length} tiles; with ${melds.length} meld(s) it holds ${size + 1} with the winning tile or ${size} without`);

  let winTile: TileId;
  if (hand.length === size) {
    if (typeof input.winTile === 'number') winTile = input.winTile;
    else {
      const ids = book.ids(input.winTile, 'winTile');
      if (ids.length !== 1) refuse('invalid-tiles', `winTile is one tile, got ${ids.length}`);
      winTile = ids[0]!;
    }
  } else {
    // The hand holds the winning tile: take it out (that id, or a tile of its kind and redness).
    let want: { kind: number; red: boolean };
    if (typeof input.winTile === 'number') want = { kind: kindOf(input.winTile), red: isRedId(input.winTile) };
    else {
      let written: { kind: number; red: boolean }[] = [];
      try {
        written = parseNotation(input.winTile);
      } catch (e) {
        refuse('invalid-tiles', `winTile: ${(e as Error).message}`);
      }
      if (written.length !== 1) refuse('invalid-tiles', `winTile is one tile, got ${written.length}`);
      want = written[0]!;
    }
    let at = hand.indexOf(input.winTile as TileId);
    if (at < 0) at = hand.findIndex((t) => kindOf(t) === want.kind && isRedId(t) === want.red);
    if (at < 0) refuse('invalid-tiles', `hand: ${hand.length} tiles, which include the winning tile, but no ${JSON.stringify(input.winTile)}`);
    winTile = hand.splice(at, 1)[0]!;
  }

  const builtMelds = melds.map((m, i) => meldOf(m.type, book.ids(m.tiles, `melds[${i}]`), i));
  const dora = input.dora === undefined ? [] : book.ids(input.dora, 'dora');
  const ura = input.ura === undefined ? [] : book.ids(input.ura, 'ura');
  const discardKinds = input.discards === undefined ? null : new Set(discardKindsOf(input.discards));

  const riichi = input.riichi === 'double' ? 'double' : input.riichi ? 'riichi' : 'none';
  const concealed = builtMelds.every((m) => m.type === 'ankan');
  const flag = (name: keyof HandInput) => input[name] === true;
  const contradiction = [
    [riichi !== 'none' && !concealed, 'riichi needs a concealed hand (no meld but ankan)'],
    [flag('ippatsu') && riichi === 'none', 'ippatsu needs riichi'],
    [flag('haitei') && !tsumo, 'haitei is a tsumo (houtei is the ron on the last discard)'],
    [flag('houtei') && tsumo, 'houtei is a ron (haitei is the tsumo on the last tile)'],
    [flag('rinshan') && (!tsumo || !builtMelds.some((m) => MELD_SIZE[m.type] === 4)), 'rinshan is a tsumo after a kan'],
    [flag('rinshan') && flag('haitei'), 'a replacement tile is not the last live tile (rinshan and haitei)'],
    [flag('chankan') && tsumo, 'chankan is a ron'],
    [flag('tenhou') && (!tsumo || seat !== 0 || builtMelds.length > 0), 'tenhou is the dealer\'s (east\'s) tsumo with no meld'],
    [flag('chiihou') && (!tsumo || seat === 0 || builtMelds.length > 0), 'chiihou is a non-dealer\'s tsumo with no meld'],
    [flag('renhou') && (tsumo || seat === 0 || builtMelds.length > 0), 'renhou is a non-dealer\'s ron with no meld'],
  ] as const;
  for (const [bad, why] of contradiction) if (bad) refuse('invalid-options', why);
  const honba = input.honba ?? 0;
  const riichiSticks = input.riichiSticks ?? 0;
  for (const [name, v] of [['honba', honba], ['riichiSticks', riichiSticks]] as const)
    if (!Number.isInteger(v) || v < 0) refuse('invalid-options', `${name} must be a whole number ≥ 0, got ${v}`);

  const win: WinInput = {
    concealed: hand, winTile, melds: builtMelds, tsumo,
    seatWind: 27 + seat, roundWind: 27 + round, dealer: seat === 0,
    riichi, ippatsu: flag('ippatsu'), haitei: flag('haitei'), houtei: flag('houtei'), rinshan: flag('rinshan'),
    chankan: flag('chankan'), tenhou: flag('tenhou'), chiihou: flag('chiihou'), renhou: flag('renhou'),
    doraIndicators: dora, uraIndicators: ura, honba, riichiSticks,
  };
  return { win, rules, seat, discarder, discardKinds };
}

function discardKindsOf(discards: Tiles): number[] {
  if (typeof discards !== 'string') return discards.map(kindOf);
  try {
    return parseNotation(discards).map((t) => t.kind);
  } catch (e) {
    return refuse('invalid-tiles', `discards: ${(e as Error).message}`);
  }
}

/** [east, south, west, north] score changes of a win. */
function deltasOf(payment: Payment, seat: number, discarder: number, tsumo: boolean, sticks: number): ScoredHand['deltas'] {
  const d: ScoredHand['deltas'] = [0, 0, 0, 0];
  if (!tsumo) d[discarder] = -payment.ron!;
  else for (let s = 0; s < 4; s++) if (s !== seat) d[s] = -(s === 0 ? payment.tsumoDealer! : payment.tsumoNonDealer!);
  d[seat] = payment.total + sticks;
  return d;
}

/**
 * Scores a win. Never throws for bad input: the result says `ok: false` with a reason and a
 * message. Example: `scoreHand({ hand: '234m456p678s2233z', winTile: '3z', seatWind: 'east' })`.
 */
export function scoreHand(input: HandInput): ScoreHandResult {
  let built: ReturnType<typeof build>;
  try {
    built = build(input);
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.reason, message: e.message };
    throw e;
  }
  const { win, rules, seat, discarder, discardKinds } = built;
  const meldCount = win.melds.length;
  const before = countKinds(win.concealed);
  const after = countKinds([...win.concealed, win.winTile]);
  if (shanten(after, meldCount) !== -1) return { ok: false, reason: 'incomplete', message: 'the tiles do not make a winning hand (four sets and a pair, seven pairs or kokushi)' };
  if (!win.tsumo && discardKinds) {
    const discarded = waits(before, meldCount).filter((k) => discardKinds.has(k));
    if (discarded.length > 0) return { ok: false, reason: 'furiten', message: `furiten: the hand waits on ${discarded.map(kindToString).join(', ')}, which it discarded; it may not ron` };
  }
  const r = scoreWin(win, rules);
  if (!r) return { ok: false, reason: 'no-yaku', message: 'the hand is complete but has no yaku (dora are not yaku)' };
  if (!meetsShibari(r, win.honba, rules))
    return { ok: false, reason: 'no-yaku', message: `from ${rules.ryanhanShibari} honba on the ruleset needs two han from yaku (ryanhan shibari; dora are not yaku)` };
  return {
    ok: true,
    han: r.han,
    fu: r.fu,
    yakuman: r.yakuman,
    limit: r.limit,
    yaku: r.yaku.map(({ id, han, yakuman }) => (yakuman === undefined ? { id, name: YAKU_NAMES[id], han } : { id, name: YAKU_NAMES[id], han, yakuman })),
    points: handTotal(r.basePoints, win.dealer, win.tsumo),
    payment: r.payment,
    deltas: deltasOf(r.payment, seat, discarder, win.tsumo, win.riichiSticks * rules.riichiStick),
    input: win,
  };
}
