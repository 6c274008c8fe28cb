import type { Game } from '@jantaku/shared/game/game';
import { position, positionOptions, refereePosition, tileOf, type PositionSpec } from '@jantaku/shared/position';
import type { Command, LegalAction, Seat } from '@jantaku/shared/game/types';
import type { Referee, Judged, RefereeEvent } from '@jantaku/shared/referee/referee';

/*
 * Positions are built by the public helper in shared (docs/POSITIONS.md); the tests keep their
 * older names for it.
 */
export { tileOf, tilesOf, type Deal } from '@jantaku/shared/position';
export type Scenario = PositionSpec;
export const scenarioOptions = positionOptions;
export const scenario = position;
export const refereeScenario = refereePosition;

/** Applies commands in order; throws with the refusal if any is refused. */
export function play(game: Game, ...steps: [Seat, Command][]): void {
  for (const [seat, command] of steps) {
    const r = game.apply(seat, command);
    if (!r.ok) throw new Error(`seat ${seat} ${command.type} refused: ${r.refusal.code} ${r.refusal.reason}`);
  }
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
