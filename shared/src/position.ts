import { parseNotation } from './tiles/index';
import { makeRuleset, type Ruleset } from './rules/index';
import { Referee } from './referee/referee';
import { Game, type GameOptions } from './game/game';
import { TileIds } from './game/tileIds';
import type { Seat } from './game/types';
import { ScriptedWall } from './game/wall';

/**
 * Building a position to test or to train a bot on: the tiles of a deal written out (hands,
 * draws, kan replacements, dora), then a real Game or Referee over them. See docs/POSITIONS.md.
 */

/** The tiles of one deal: hands, draws and the dead wall, in mpsz ('123m456p789s1122z', 0 = red five). */
export interface Deal {
  /** Each seat's 13 starting tiles (absolute seats: the dealer draws first). */
  haipai: [string, string, string, string];
  /**
   * Each seat's draws in order, one tile per draw; a kan's replacement tile is the seat's next
   * draw. `*` stands for one filler tile, so '*****5m' makes 5m the sixth draw. Filler tiles
   * follow when these run out, spread so that every seat can play to the end of the wall.
   */
  draws?: [string, string, string, string];
  /** Dora indicators (the first is shown at the deal, the next ones at each kan) and ura indicators. */
  dora?: string;
  ura?: string;
}

export interface PositionSpec extends Deal {
  /** A shipped ruleset's name or a whole ruleset (default: tenhou). */
  rules?: Ruleset | string;
  /** Round, honba, sticks and scores of the first hand. */
  start?: { round: number; honba: number; riichiSticks: number; scores: number[] };
  /** The seat to move first: the dealer of an East round (instead of `start`; seat 0 by default). */
  dealer?: Seat;
  /** The deals after the first (the last one repeats); without it every deal is the first one again. */
  next?: Deal[];
}

/** mpsz with `*` placeholders: a kind list where null is a filler tile. */
function parseDraws(s: string): ({ kind: number; red: boolean } | null)[] {
  const out: ({ kind: number; red: boolean } | null)[] = [];
  for (const part of s.split(/(\*)/)) {
    if (part === '*') out.push(null);
    else if (part) out.push(...parseNotation(part));
  }
  return out;
}

function buildWall(rules: Ruleset, d: Deal): ScriptedWall {
  const ids = new TileIds(rules.redFives);
  const take = (mpsz: string) => parseNotation(mpsz).map((t) => ids.take(t));
  const haipai = d.haipai.map((h) => {
    const tiles = take(h);
    if (tiles.length !== 13) throw new Error(`a starting hand has 13 tiles, not ${tiles.length}: ${h}`);
    return tiles;
  });
  const draws: (number | null)[][] = (d.draws ?? ['', '', '', '']).map((s) => parseDraws(s).map((t) => (t === null ? null : ids.take(t))));
  const dora = take(d.dora ?? '');
  const ura = take(d.ura ?? '');
  const rest = ids.unused();
  // Dead wall first (dora then ura, five each), then the placeholders, then the filler draws.
  while (dora.length < 5) dora.push(rest.shift()!);
  while (ura.length < 5) ura.push(rest.shift()!);
  for (const seatDraws of draws) for (let i = 0; i < seatDraws.length; i++) if (seatDraws[i] === null) seatDraws[i] = rest.shift()!;
  // Filler goes to the seat with the fewest draws so far, so that every seat can play to the end.
  while (rest.length > 0) {
    const seat = draws.reduce((best, d, i) => (d.length < draws[best].length ? i : best), 0);
    draws[seat].push(rest.shift()!);
  }
  return new ScriptedWall(haipai, draws as number[][], dora, ura);
}

/** The options of a game over the position's fixed walls (for a Game, a Referee, or Referee.replay). */
export function positionOptions(p: PositionSpec): GameOptions {
  const rules = typeof p.rules === 'string' ? makeRuleset(p.rules) : (p.rules ?? makeRuleset('tenhou'));
  if (p.dealer !== undefined && p.start) throw new Error('give either dealer or start, not both');
  const start = p.dealer !== undefined ? { round: p.dealer, honba: 0, riichiSticks: 0, scores: [0, 1, 2, 3].map(() => rules.startPoints) } : p.start;
  const deals = [p, ...(p.next ?? [])];
  // Check every deal now, so that a bad spec fails at once.
  deals.forEach((d) => buildWall(rules, d));
  return { rules, wallFor: (deal) => buildWall(rules, deals[Math.min(deal, deals.length - 1)]), start };
}

/** A game whose wall is written out: the hands and draws asked for, then filler. */
export function position(p: PositionSpec): Game {
  return new Game(positionOptions(p));
}

/** A referee over the same fixed walls as `position(p)`. */
export function refereePosition(p: PositionSpec): Referee {
  return new Referee(positionOptions(p));
}

/** The id of a tile of kind `mpsz` in the seat's hand (the drawn tile when it matches). */
export function tileOf(game: Game, seat: Seat, mpsz: string): number {
  const { kind, red } = parseNotation(mpsz)[0];
  const hand = game.seats[seat].hand;
  const drawn = game.seats[seat].drawn;
  const match = (t: number) => t >> 2 === kind && (!red || t % 4 === 0);
  if (drawn !== null && match(drawn)) return drawn;
  const t = hand.find(match);
  if (t === undefined) throw new Error(`seat ${seat} holds no ${mpsz}`);
  return t;
}

/** The ids of the tiles written in `mpsz` (e.g. "77z", "23m") in the seat's hand, each a different copy (for calls). */
export function tilesOf(game: Game, seat: Seat, mpsz: string): number[] {
  const out: number[] = [];
  const hand = [...game.seats[seat].hand];
  for (const { kind, red } of parseNotation(mpsz)) {
    const i = hand.findIndex((t) => t >> 2 === kind && (!red || t % 4 === 0) && !out.includes(t));
    if (i < 0) throw new Error(`seat ${seat} holds no more ${mpsz}`);
    out.push(hand[i]);
  }
  return out;
}
