import type { Game } from './game/game';
import type { HandResult, Seat } from './game/types';
import type { Referee } from './referee/referee';
import { deferredRule } from './referee/judge';
import type { TileKind } from './tiles';

/*
 * Read-only questions a tester or a bot author asks of a game or a referee (docs/POSITIONS.md).
 * They read the server's whole state: a seat's waits and the referee's deferred judgements are
 * hidden information, never to be sent to other seats.
 */

/** Why a seat may not ron: its own discards, a winning tile let pass this go-around, or one let pass in riichi. */
export type FuritenKind = 'discard' | 'temporary' | 'riichi';

export interface Furiten {
  furiten: boolean;
  /** Every reason that holds now (several may). */
  kinds: FuritenKind[];
  /** The kinds the hand waits on. */
  waits: TileKind[];
}

/** Is `seat` furiten now, and why (EMA12-FURITEN, EMA12-FURITEN-TEMP; riichi: for the rest of the hand). */
export function furitenOf(game: Game, seat: Seat): Furiten {
  const s = game.seats[seat];
  const kinds: FuritenKind[] = [];
  if (s.discardFuriten()) kinds.push('discard');
  if (s.furitenTemp) kinds.push('temporary');
  if (s.furitenRiichi) kinds.push('riichi');
  return { furiten: kinds.length > 0, kinds, waits: [...s.waits()] };
}

export interface PendingJudgement {
  seat: Seat;
  rule: string;
  /**
   * `windowClose`: a chombo called in the open claim window, given when it closes unless a win
   * there cancels it; `handEnd`: a fault let stand (noten riichi, a kan in riichi that changed
   * the waits), judged at the end of the hand (WRC-F-RIICHI-WHEN-JUDGED).
   */
  when: 'windowClose' | 'handEnd';
}

/** The referee's judgements that are decided but not yet given. */
export function pendingJudgements(ref: Referee): PendingJudgement[] {
  const out: PendingJudgement[] = ref.pendingChombos.map((f) => ({ seat: f.seat, rule: f.rule, when: 'windowClose' }));
  if (!ref.game.inHand) return out;
  const book = ref.rules.rulebook;
  ref.game.seats.forEach((s, i) => {
    const seat = i as Seat;
    if (s.notenRiichi) out.push({ seat, rule: deferredRule(book, 'notenRiichi')!, when: 'handEnd' });
    const kan = deferredRule(book, 'badKan');
    if (s.badKan && kan) out.push({ seat, rule: kan, when: 'handEnd' });
  });
  return out;
}

export interface PastHand {
  /** Index in `game.hands`. */
  hand: number;
  round: number;
  honba: number;
  result: HandResult;
}

/** The results of every hand played so far, in order; they stay after the next hand starts. */
export function handResults(game: Game): PastHand[] {
  return game.hands.flatMap((h, hand) => (h.result ? [{ hand, round: h.round, honba: h.honba, result: h.result }] : []));
}
