import { parseNotation } from '@jantaku/shared/tiles/index';
import { Game, type GameOptions } from '@jantaku/shared/game/game';
import { TileIds } from '@jantaku/shared/game/tileIds';
import { ScriptedWall } from '@jantaku/shared/game/wall';
import { makeRuleset, type Ruleset } from '@jantaku/shared/rules/index';
import type { Command, LegalAction, Seat } from '@jantaku/shared/game/types';
import { Referee, type Judged, type RefereeEvent } from '@jantaku/shared/referee/referee';

/** The tiles of one deal: hands, draws and the dead wall. */
export interface Deal {
  /** Each seat's 13 starting tiles in mpsz, e.g. '123m456p789s1122z' (absolute seats; seat 0 deals in East 1). */
  haipai: [string, string, string, string];
  /**
   * Each seat's draws in order (mpsz, one tile per draw, kan replacements included); `*` stands
   * for one filler tile, so '*****5m' makes 5m the sixth draw. Filler tiles follow when these run out.
   */
  draws?: [string, string, string, string];
  /** Dora indicators (the first one shown at the deal) and ura indicators. */
  dora?: string;
  ura?: string;
}

export interface Scenario extends Deal {
  rules?: Ruleset | string;
  start?: { round: number; honba: number; riichiSticks: number; scores: number[] };
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

/** The options of a game over the scenario's fixed walls (for a Game, a Referee, or Referee.replay). */
export function scenarioOptions(s: Scenario): GameOptions {
  const rules = typeof s.rules === 'string' ? makeRuleset(s.rules) : (s.rules ?? makeRuleset('tenhou'));
  const deals = [s, ...(s.next ?? [])];
  // Check every deal now, so that a bad spec fails at once.
  deals.forEach((d) => buildWall(rules, d));
  return { rules, wallFor: (deal) => buildWall(rules, deals[Math.min(deal, deals.length - 1)]), start: s.start };
}

/** A game whose wall is written out: the hands and draws a rule test needs, then filler. */
export function scenario(s: Scenario): Game {
  return new Game(scenarioOptions(s));
}

/** A referee over the same fixed walls as `scenario(s)` (under 'penalise', every discard opens a window to all three others). */
export function refereeScenario(s: Scenario): Referee {
  return new Referee(scenarioOptions(s));
}

/** Applies commands in order; throws with the refusal if any is refused. */
export function play(game: Game, ...steps: [Seat, Command][]): void {
  for (const [seat, command] of steps) {
    const r = game.apply(seat, command);
    if (!r.ok) throw new Error(`seat ${seat} ${command.type} refused: ${r.refusal.code} ${r.refusal.reason}`);
  }
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

/** The ids of `n` tiles of kind `mpsz` in the seat's hand (for calls). */
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

/** Discard by mpsz; `tsumogiri` discards the drawn tile. */
export const discard = (game: Game, seat: Seat, mpsz: string): [Seat, Command] => [seat, { type: 'discard', tile: tileOf(game, seat, mpsz) }];

/** Riichi declared with the tile of kind `mpsz`. */
export const riichi = (game: Game, seat: Seat, mpsz: string): [Seat, Command] => [seat, { type: 'riichi', tile: tileOf(game, seat, mpsz) }];

const SEATS: Seat[] = [0, 1, 2, 3];

/** Whether `seat` may now do a command of this type. */
export function can(game: Game, seat: Seat, type: LegalAction['type']): boolean {
  return game.legalActions(seat).some((a) => a.type === type);
}

/** Every seat that may still answer the open claim window passes. */
export function passClaims(game: Game): void {
  while (game.phase === 'claims') {
    const seat = SEATS.find((s) => game.legalActions(s).length > 0);
    if (seat === undefined) throw new Error('a claim window that nobody may answer');
    play(game, [seat, { type: 'pass' }]);
  }
}

/** The seat on turn discards the tile it drew; claims on it are passed. Returns the seat. */
export function tsumogiri(game: Game): Seat {
  if (game.phase !== 'turn') throw new Error(`not a turn but ${game.phase}`);
  const seat = game.turn;
  const tile = game.seats[seat].drawn;
  if (tile === null) throw new Error(`seat ${seat} has not drawn`);
  play(game, [seat, { type: 'discard', tile }]);
  passClaims(game);
  return seat;
}

/** Tsumogiri (passing every claim) until `stop` holds or the hand ends. */
export function tsumogiriUntil(game: Game, stop: (g: Game) => boolean = () => false): void {
  while (game.phase === 'turn' && !stop(game)) tsumogiri(game);
}

/** Everything a refusal must leave alone: the whole game state, caches aside. */
export function snapshot(game: Game): string {
  const legal = SEATS.map((s) => game.legalActions(s));
  return JSON.stringify({ game, legal, remaining: game.remaining, claim: game.claimTile }, (key, value) => {
    if (key === 'waitsCache' || key === 'counts') return undefined;
    if (value instanceof Map) return [...value.entries()];
    if (value instanceof Set) return [...value];
    if (ArrayBuffer.isView(value)) return Array.from(value as Uint8Array);
    return value;
  });
}

// ---------------------------------------------------------------- driving a referee

/** One message to the referee that must be legal: throws if it is refused or judged a fault. Returns its events. */
export function legal(ref: Referee, seat: Seat, command: Command): RefereeEvent[] {
  const r: Judged = ref.apply(seat, command);
  if (!r.ok) throw new Error(`seat ${seat} ${command.type} refused: ${r.refusal.code} ${r.refusal.reason}`);
  if (r.fault) throw new Error(`seat ${seat} ${command.type} judged a fault: ${r.fault.rule}`);
  return r.events;
}

/** Legal messages in order (see `legal`); returns the events of all of them. */
export function refPlay(ref: Referee, ...steps: [Seat, Command][]): RefereeEvent[] {
  return steps.flatMap(([seat, command]) => legal(ref, seat, command));
}

/** Every seat that still has to answer the open window passes; returns the events. */
export function refPassClaims(ref: Referee): RefereeEvent[] {
  const g = ref.game;
  const events: RefereeEvent[] = [];
  while (g.phase === 'claims') {
    const seat = SEATS.find((s) => g.legalActions(s).length > 0);
    if (seat === undefined) throw new Error('a claim window that nobody may answer');
    events.push(...legal(ref, seat, { type: 'pass' }));
  }
  return events;
}

/** The seat on turn discards its drawn tile through the referee; every claim is passed. Returns the events. */
export function refTsumogiri(ref: Referee): RefereeEvent[] {
  const g = ref.game;
  if (g.phase !== 'turn') throw new Error(`not a turn but ${g.phase}`);
  const seat = g.turn;
  const tile = g.seats[seat].drawn;
  if (tile === null) throw new Error(`seat ${seat} has not drawn`);
  return [...legal(ref, seat, { type: 'discard', tile }), ...refPassClaims(ref)];
}

/** Referee tsumogiri until `stop` holds or the hand ends; returns the events. */
export function refTsumogiriUntil(ref: Referee, stop: (g: Game) => boolean = () => false): RefereeEvent[] {
  const events: RefereeEvent[] = [];
  while (ref.game.phase === 'turn' && !stop(ref.game)) events.push(...refTsumogiri(ref));
  return events;
}
