import type { Command } from '@jantaku/shared/game/types';
import { parseMjaiTile, tileToMjai, type AskKind, type RedFives } from '@jantaku/shared/logs/mjai';
import type { TimeControl } from '@jantaku/shared/referee/timeControl';

/**
 * What the bridge accepts as the bot's answer, and how long it waits for it. An answer that is
 * no declaration at all (not JSON, not an mjai action that answers what was asked, a tile name
 * that is no tile, another seat's actor) never reaches the server; a well-formed declaration
 * does, however wrong (the referee judges a false win or a tile not held by the table's rules).
 */

/** Without a table clock, how long the bot may take to answer (ms): `--answer-ms`. */
export const DEFAULT_ANSWER_MS = 10_000;
/** The game's first exchange may also take this long (a bot loading a model, as mjai.app allows at start_game). */
export const START_ANSWER_MS = 20_000;
/** The bridge gives up this long before the table's own clock would act, so its move lands first. */
export const CLOCK_MARGIN_MS = 200;

/** The mjai types that answer each kind of ask. */
const ANSWERS: Record<AskKind, readonly string[]> = {
  turn: ['dahai', 'reach', 'hora', 'ankan', 'kakan', 'ryukyoku'],
  afterCall: ['dahai'],
  claim: ['none', 'hora', 'chi', 'pon', 'daiminkan'],
  riichi: ['dahai'],
};

const isTile = (s: unknown): boolean => parseMjaiTile(s) !== null;

/** Why `reply` is not an answer to an ask of this kind from `seat`, or null when it is one. */
export function invalidAnswer(reply: unknown, ask: AskKind, seat: number): string | null {
  if (!reply || typeof reply !== 'object' || Array.isArray(reply)) return 'not an mjai message';
  const r = reply as Record<string, unknown>;
  if (r.type === 'mjai:unreadable') return 'not JSON';
  if (typeof r.type !== 'string') return 'no "type"';
  if (!ANSWERS[ask].includes(r.type)) return `"${r.type}" is none of ${ANSWERS[ask].join(', ')}`;
  if (r.actor !== undefined && r.actor !== seat) return `actor ${JSON.stringify(r.actor)} is not seat ${seat}`;
  const consumed = Array.isArray(r.consumed) ? r.consumed : null;
  switch (r.type) {
    case 'dahai':
    case 'kakan':
      return isTile(r.pai) ? null : `"pai" ${JSON.stringify(r.pai)} is no tile`;
    case 'chi':
    case 'pon':
    case 'daiminkan':
      return consumed && consumed.length === (r.type === 'daiminkan' ? 3 : 2) && consumed.every(isTile) ? null : '"consumed" is not the tiles of that call';
    case 'ankan':
      return (consumed && consumed.length === 4 && consumed.every(isTile)) || isTile(r.pai) ? null : '"consumed" is not four tiles';
    default:
      return null;
  }
}

/**
 * The time the table gives the seat for this decision (ms), from its time control: a bank
 * table's turn is `baseMs` plus what is left in the seat's bank, a WSOM turn `turnMs` (after it
 * the seat pays time penalties), a claim `claimMs`; no clock: `untimedMs`.
 */
export function answerTime(tc: TimeControl, ask: AskKind, bankLeftMs: number, untimedMs: number): { ms: number; clock: boolean } {
  if (tc.kind === 'none') return { ms: untimedMs, clock: false };
  if (ask === 'claim') return { ms: tc.claimMs, clock: true };
  return { ms: tc.kind === 'bank' ? tc.baseMs + bankLeftMs : tc.turnMs, clock: true };
}

/** The bridge's deadline (epoch ms) for an answer asked at `now`: the table's clock's, a little early. */
export function answerDeadline(now: number, time: { ms: number; clock: boolean }): number {
  return now + (time.clock ? Math.max(time.ms - CLOCK_MARGIN_MS, Math.floor(time.ms / 2)) : time.ms);
}

/** The prescribed command in words, for the bridge's stderr line. */
export function describe(c: Command, red: RedFives): string {
  switch (c.type) {
    case 'pass':
      return 'passes';
    case 'draw':
      return 'draws';
    case 'discard':
      return `discards ${tileToMjai(c.tile, red)}`;
    default:
      return c.type;
  }
}
