import type { Game } from '../game/game';
import type { Command, Refusal, Seat } from '../game/types';
import type { Ruleset } from '../rules';
import type { Penalty } from './penalty';
import type { TileId } from '../tiles';
import { callTiles } from './penaltyTiles';

/**
 * What becomes of a faulty declaration: cancelled (the seat acts again), counted as the seat's
 * pass in the claim window, applied as declared (the rulebook lets it stand and punishes it),
 * turned into a plain discard of the same tile (a riichi that cannot be), or left open so the
 * seat may still correct it in the window, or replacing the seat's earlier answer in the window
 * (WSOM-CLAIM-CHANGE, and a call cancelled into a pass).
 */
export type Effect = 'cancel' | 'pass' | 'apply' | 'discardInstead' | 'stay' | 'replace';

export interface Verdict {
  rule: string;
  penalty: Penalty;
  effect: Effect;
  /** Judged only at the end of the hand (noten riichi, an invalid kan in riichi): said to nobody now. */
  deferred?: boolean;
  reason: string;
  /** The tiles the declaration named, for choosing WSOM penalty tiles (default: the command's own). */
  named?: TileId[];
}

const NONE: Penalty = { kind: 'none' };
const DEAD: Penalty = { kind: 'deadHand' };
const CHOMBO: Penalty = { kind: 'chombo' };
const WARN: Penalty = { kind: 'warning' };
const points = (n: number): Penalty => ({ kind: 'points', points: n });
const tiles = (n: number | 'allConcealed' | 'wronglyExposed'): Penalty => ({ kind: 'penaltyTiles', tiles: n });
const CALLS: readonly Command['type'][] = ['chii', 'pon', 'daiminkan'];

/** The same answer sent again (same type, same tiles in any order). */
function sameAnswer(a: Command, b: Command): boolean {
  const t = (c: Command) => ('tiles' in c && Array.isArray(c.tiles) ? [...c.tiles].sort((x, y) => x - y).join() : '');
  return a.type === b.type && t(a) === t(b);
}

/** WRC-F-CALL-WHILE-DEAD-ANNOUNCED: online every dead hand is announced when it is given. */
const CALL_WHILE_DEAD = 20;

const v = (rule: string, penalty: Penalty, effect: Effect, reason: string, deferred?: boolean): Verdict => ({ rule, penalty, effect, reason, ...(deferred ? { deferred } : {}) });

/**
 * Classifies a declaration the engine refused into the fault its ruleset's rulebook names, or
 * null when it is a protocol error (not a declaration a player could make at a table: not his
 * turn, nothing to answer, a tile he does not hold to discard). See docs/REFEREE.md §1.5.
 */
export function judge(game: Game, seat: Seat, c: Command, refusal: Refusal): Verdict | null {
  const rules: Ruleset = game.rules;
  const book = rules.rulebook;
  const s = game.seats[seat];
  const code = refusal.code;
  const inWindow = game.phase === 'claims';

  // Tile counts, where players draw for themselves (§1.4 C1-C4): nothing moves, the hand is judged.
  if (rules.clientDraws) {
    const discard = c.type === 'discard' || c.type === 'riichi';
    const drawOutOfTurn = c.type === 'draw' && code === 'NOT_YOUR_TURN';
    if (drawOutOfTurn || (c.type === 'draw' && code === 'ALREADY_DREW')) {
      const what = drawOutOfTurn ? 'a draw out of turn' : 'a second draw in one turn';
      // WSOM-COUNT-RULE: a draw out of turn or a second draw is a 15th tile, a long hand.
      if (rules.wsom.count) return v('WSOM-LONG', DEAD, 'cancel', `${what}: too many tiles (long hand): no win, no claims, no kans`);
      if (book === 'wrc') return v('WRC-F-REVEAL-FEW', NONE, 'cancel', `${what}: the tile goes back unseen (WRC-F-REVEAL-RETURN)`);
      if (book === 'ema12') return v('EMA12-DEAD-TILE-COUNT', DEAD, 'cancel', `${what}: too many tiles`);
      return v(drawOutOfTurn ? 'RUS-DEAD-C' : 'RUS-DEAD-B', DEAD, 'cancel', what);
    }
    const skipped = discard && code === 'MUST_DRAW';
    if (skipped || (discard && (code === 'NOT_YOUR_TURN' || (inWindow && (code === 'BAD_COMMAND' || code === 'NOTHING_TO_RESPOND'))))) {
      const what = skipped ? 'a discard without drawing (short hand)' : 'a discard out of turn (short hand)';
      // WSOM-COUNT-RULE: a discard from 13 tiles leaves 12, a short hand; it may still claim and kan.
      if (rules.wsom.count) return v('WSOM-SHORT', DEAD, 'cancel', `${what}: may not win this hand`);
      if (book === 'wrc') return v('WRC-F-WRONG-COUNT', DEAD, 'cancel', what);
      if (book === 'ema12') return v('EMA12-DEAD-TILE-COUNT', DEAD, 'cancel', `${what}: too few tiles`);
      return v(skipped ? 'RUS-DEAD-E' : 'RUS-DEAD-B', DEAD, 'cancel', skipped ? 'skipping a turn' : what);
    }
  }

  // WSOM: a call may be changed into another call or a win without penalty (WSOM-CLAIM-CHANGE),
  // or cancelled into a pass at the cost of two penalty tiles (WSOM-CLAIM-CANCEL). A change to an
  // answer the seat could not give is not a change: the base row below (the first answer stands).
  if (rules.wsom.claims && code === 'ALREADY_RESPONDED' && inWindow) {
    const first = game.responseOf(seat);
    if (first && CALLS.includes(first.type) && !sameAnswer(first, c)) {
      if (c.type === 'pass') return { ...v('WSOM-CLAIM-CANCEL', tiles(2), 'replace', `your ${first.type} is cancelled: two tiles become penalty tiles`), named: callTiles(game, seat, first) };
      if ((CALLS.includes(c.type) || c.type === 'ron') && game.checkChange(seat, c) === null) return v('WSOM-CLAIM-CHANGE', NONE, 'replace', `your ${first.type} is changed to ${c.type}, no penalty`);
    }
  }

  // Calls cannot be changed (WRC-F-CHANGE-CALL): after a call or a ron, the first answer stands.
  if (book === 'wrc' && code === 'ALREADY_RESPONDED' && inWindow) {
    const first = game.responseOf(seat);
    if (first && first.type !== 'pass') return v('WRC-F-CHANGE-CALL', NONE, 'cancel', `a call cannot be changed: your ${first.type} stands`);
  }

  // Wins: ron and tsumo that the hand cannot make.
  if (c.type === 'ron' || c.type === 'tsumo') {
    const ownDiscard = c.type === 'ron' && inWindow && seat === game.turn && code === 'NOTHING_TO_RESPOND';
    const falseWin = ['NOT_COMPLETE', 'NO_YAKU', 'FURITEN', 'CANNOT_CALL'].includes(code) || ownDiscard
      || (c.type === 'tsumo' && code === 'NOT_COMPLETE');
    const effect: Effect = c.type === 'ron' && inWindow && !ownDiscard ? 'pass' : 'cancel';
    const reveal = c.reveal !== false;
    const what = ownDiscard ? 'ron on your own discard' : code === 'FURITEN' ? 'ron while furiten' : code === 'NO_YAKU' ? 'a win without yaku' : 'a win on a hand that is not complete';
    if (code === 'DEAD_HAND') {
      if (book === 'wrc') return v('WRC-F-CALL-WHILE-DEAD-ANNOUNCED', points(CALL_WHILE_DEAD), effect, `${c.type} with a dead hand`);
      if (book === 'ema12') return v(c.type === 'ron' ? 'EMA12-CHOMBO-CLAIM-DEAD' : 'EMA12-CHOMBO-FALSE-WIN', CHOMBO, effect, `${c.type} with a dead hand`);
      return reveal ? v('RUS-CHOMBO-F', CHOMBO, effect, `${c.type} with a dead hand, hand shown`) : v('RUS-DEAD-H', DEAD, effect, `${c.type} with a dead hand`);
    }
    if (!falseWin) return null;
    if (rules.wsom.claims) {
      return reveal
        ? v('WSOM-FALSE-WIN-REVEALED', tiles('allConcealed'), effect, `false win, hand shown: ${what}; play goes on, every concealed tile becomes a penalty tile`)
        : v('WSOM-WIN-CANCEL', tiles(3), effect, `win cancelled before showing: ${what}; three tiles become penalty tiles`);
    }
    if (book === 'wrc') return reveal ? v('WRC-F-FALSE-WIN-REVEALED', CHOMBO, effect, `false win, hand shown: ${what}`) : v('WRC-F-FALSE-WIN-HIDDEN', DEAD, effect, `false win, hand kept concealed: ${what}`);
    if (book === 'ema12') return v('EMA12-CHOMBO-FALSE-WIN', CHOMBO, effect, `invalid win declaration: ${what}`);
    if (code === 'FURITEN' || (ownDiscard && s.waits().includes(game.claimTile! >> 2))) return v('RUS-CHOMBO-G', CHOMBO, effect, 'ron while furiten');
    return reveal ? v('RUS-CHOMBO-F', CHOMBO, effect, `ron or tsumo while not tenpai, hand shown: ${what}`) : v('RUS-DEAD-H', DEAD, effect, `ron or tsumo while not tenpai, hand kept concealed: ${what}`);
  }

  switch (c.type) {
    case 'riichi': {
      if (code === 'NOT_TENPAI') {
        const rule = book === 'wrc' ? 'WRC-F-RIICHI-NOTEN' : book === 'ema12' ? 'EMA12-CHOMBO-NOTEN-RIICHI' : 'RUS-CHOMBO-C';
        return v(rule, CHOMBO, 'apply', 'riichi on a hand that is not tenpai', true);
      }
      if (code === 'RIICHI_OPEN_HAND') return byBook(book, v('WRC-F-RIICHI-OPEN-HAND', NONE, 'discardInstead', 'riichi with an open hand: cancelled'), 'discardInstead', 'riichi with an open hand');
      if (code === 'RIICHI_NO_POINTS' || code === 'RIICHI_NO_TILES') return byBook(book, v('WRC-F-FALSE-CALL-RIICHI', NONE, 'discardInstead', `riichi that cannot be made: ${refusal.reason}`), 'discardInstead', refusal.reason);
      if (code === 'DEAD_HAND') return deadCall(book, 'discardInstead', 'riichi with a dead hand');
      if (code === 'RIICHI_MUST_TSUMOGIRI') return mustTsumogiri(book);
      return null;
    }
    case 'discard':
      if (code === 'KUIKAE') {
        if (book === 'russian') return v('RUS-WARN', WARN, 'cancel', 'swap-call discard (kuikae)');
        return v('WRC-F-KUIKAE', DEAD, 'apply', 'swap-call discard (kuikae): the called tile or its swap');
      }
      if (code === 'RIICHI_MUST_TSUMOGIRI') return mustTsumogiri(book);
      return null;
    case 'ankan':
    case 'shouminkan': {
      const inRiichi = s.riichi !== 'none';
      if (code === 'RIICHI_BAD_KAN') {
        if (book === 'russian') return v('RUS-CHOMBO-D', CHOMBO, 'cancel', 'an incorrect kan in riichi');
        return book === 'wrc'
          ? v('WRC-F-RIICHI-BAD-ANKAN', CHOMBO, 'apply', 'a concealed kan in riichi that changes the waits', true)
          : v('EMA12-CHOMBO-BAD-ANKAN', CHOMBO, 'apply', 'a concealed kan in riichi that changes the waits', true);
      }
      if (code === 'DEAD_HAND') return deadCall(book, 'cancel', 'kan with a dead hand');
      if (rules.wsom.claims && ['INVALID_MELD', 'TILE_NOT_IN_HAND', 'MUST_DISCARD', 'LAST_TILE', 'KAN_LIMIT'].includes(code))
        return v('WSOM-KAN-CANCEL', NONE, 'cancel', `a kan that cannot be made is cancelled, no penalty: ${refusal.reason}`);
      if (['INVALID_MELD', 'TILE_NOT_IN_HAND', 'MUST_DISCARD'].includes(code)) {
        if (book === 'russian') return inRiichi ? v('RUS-CHOMBO-D', CHOMBO, 'cancel', 'an incorrect kan in riichi') : v('RUS-WARN', WARN, 'cancel', `a kan that cannot be made: ${refusal.reason}`);
        const rule = c.type === 'ankan' ? 'WRC-F-FALSE-CALL-ANKAN' : 'WRC-F-FALSE-CALL-MELD';
        return byBook(book, v(rule, NONE, 'cancel', `a kan that cannot be made: ${refusal.reason}`), 'cancel', refusal.reason);
      }
      if (code === 'LAST_TILE' || code === 'KAN_LIMIT') {
        if (book === 'ema12') return v('EMA12-DEAD-INVALID-MELD', DEAD, 'cancel', `a kan that is not allowed: ${refusal.reason}`);
        if (book === 'russian') return v('RUS-WARN', WARN, 'cancel', `a kan that is not allowed: ${refusal.reason}`);
        return v('WRC-F-FALSE-CALL-ANKAN', NONE, 'cancel', `a kan that is not allowed: ${refusal.reason}`);
      }
      return null;
    }
    case 'chii':
    case 'pon':
    case 'daiminkan': {
      if (!inWindow || code === 'NOTHING_TO_RESPOND' || code === 'ALREADY_RESPONDED' || code === 'BAD_COMMAND') return null;
      if (code === 'DEAD_HAND') {
        if (book === 'ema12') return v('EMA12-CHOMBO-CLAIM-DEAD', CHOMBO, 'pass', `${c.type} with a dead hand`);
        if (book === 'russian') return v('RUS-SPECIAL-BAD-CALL', NONE, 'pass', `${c.type} with a dead hand: the call is lost`);
        return v('WRC-F-CALL-WHILE-DEAD-ANNOUNCED', points(CALL_WHILE_DEAD), 'pass', `${c.type} with a dead hand`);
      }
      if (code === 'KUIKAE') {
        // WRC judges swap-calling at the discard (WRC-F-KUIKAE): the call itself stands.
        if (book === 'wrc') return v('WRC-F-KUIKAE', NONE, 'apply', 'a call that leaves only swap-call discards');
        return v('RUS-SPECIAL-BAD-CALL', NONE, 'pass', 'a call that leaves only swap-call discards: the call is lost');
      }
      const notHeld = code === 'TILE_NOT_IN_HAND' || (c.type === 'daiminkan' && code === 'CANNOT_CALL' && !s.deadHand && !isForbiddenCall(game, seat, c));
      if (rules.wsom.claims) {
        if (notHeld) return v('WSOM-CLAIM-CANCEL', tiles(2), 'pass', `a ${c.type} that cannot be carried out is cancelled: two tiles become penalty tiles (${refusal.reason})`);
        // Invalid or forbidden set (F17, F18): the seat may remedy it in this window; see Referee.
        return { ...v('WSOM-CLAIM-FIXED-AT-ONCE', tiles('wronglyExposed'), 'stay', `a wrong ${c.type}: fix it in this window; the tiles named and not in the final set become penalty tiles (${refusal.reason})`), named: callTiles(game, seat, c) };
      }
      if (book === 'russian') return v('RUS-SPECIAL-BAD-CALL', NONE, 'pass', `a ${c.type} that cannot be made: ${refusal.reason}`);
      if (notHeld) return byBook(book, v('WRC-F-FALSE-CALL-MELD', NONE, 'pass', `a ${c.type} that cannot be carried out: ${refusal.reason}`), 'pass', refusal.reason);
      if (code === 'INVALID_MELD') {
        if (book === 'ema12') return v('EMA12-DEAD-INVALID-MELD', DEAD, 'pass', `an invalid ${c.type}: ${refusal.reason}`);
        // WRC-F-INVALID-GROUP opens a correction: a valid call of the same kind in this window is
        // WRC-F-INVALID-GROUP-CORRECT, any other answer withdraws it (WRC-F-FALSE-CALL-MELD); see Referee (D5).
        return v('WRC-F-INVALID-GROUP', NONE, 'stay', `an invalid ${c.type}: correct it in this window or it is withdrawn`);
      }
      // Set-shaped but not allowed: chii not from the left, a call in riichi, on the last tile, a fifth kan.
      if (book === 'ema12') return v('EMA12-DEAD-INVALID-MELD', DEAD, 'pass', `a ${c.type} that is not allowed: ${refusal.reason}`);
      return v('WRC-F-FALSE-CALL-MELD', NONE, 'pass', `a ${c.type} that is not allowed: ${refusal.reason}`);
    }
    case 'kyuushu':
      if (code !== 'NOT_KYUUSHU' || !rules.abortiveDraws.nineTerminals) return null;
      if (book === 'russian') return v('RUS-CHOMBO-H', CHOMBO, 'cancel', `an incorrectly declared nine-terminals draw: ${refusal.reason}`);
      return byBook(book, v('WRC-P-NONE', NONE, 'cancel', `nine-terminals draw that cannot be declared: ${refusal.reason}`), 'cancel', refusal.reason);
    default:
      return null;
  }
}

/** The rule a fault judged only at the end of the hand is given under, per rulebook (null: judged at once instead). */
export function deferredRule(book: Ruleset['rulebook'], fault: 'notenRiichi' | 'badKan'): string | null {
  if (fault === 'notenRiichi') return book === 'wrc' ? 'WRC-F-RIICHI-NOTEN' : book === 'ema12' ? 'EMA12-CHOMBO-NOTEN-RIICHI' : 'RUS-CHOMBO-C';
  return book === 'wrc' ? 'WRC-F-RIICHI-BAD-ANKAN' : book === 'ema12' ? 'EMA12-CHOMBO-BAD-ANKAN' : null;
}

/** The WRC verdict, or EMA12-MINOR (no penalty) under EMA 2012, or a warning under Russian rules. */
function byBook(book: Ruleset['rulebook'], wrc: Verdict, effect: Effect, why: string): Verdict {
  if (book === 'ema12') return v('EMA12-MINOR', NONE, effect, `minor irregularity, not penalised: ${why}`);
  if (book === 'russian') return v('RUS-WARN', WARN, effect, why);
  return wrc;
}

function deadCall(book: Ruleset['rulebook'], effect: Effect, why: string): Verdict {
  if (book === 'wrc') return v('WRC-F-CALL-WHILE-DEAD-ANNOUNCED', points(CALL_WHILE_DEAD), effect, why);
  if (book === 'ema12') return v('EMA12-MINOR', NONE, effect, `${why} (a dead hand can never be tenpai)`);
  return v('RUS-WARN', WARN, effect, why);
}

function mustTsumogiri(book: Ruleset['rulebook']): Verdict {
  if (book === 'russian') return v('RUS-CHOMBO-E', CHOMBO, 'cancel', 'changing the hand in riichi');
  return byBook(book, v('WRC-P-NONE', NONE, 'cancel', 'in riichi only the drawn tile may be discarded'), 'cancel', 'in riichi only the drawn tile may be discarded');
}

/** A daiminkan the seat holds the tiles for but may not make (riichi, last tile, kan limit). */
function isForbiddenCall(game: Game, seat: Seat, c: Command): boolean {
  const s = game.seats[seat];
  const tile = game.claimTile;
  if (tile === null || c.type !== 'daiminkan') return false;
  return s.hand.filter((t) => t >> 2 === tile >> 2).length >= 3;
}
