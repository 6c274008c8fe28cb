import type { TileId } from '../tiles';
import type { Command, LegalAction } from '../game/types';

/**
 * The command the clock sends for a seat whose time is up, or for an auto-played seat
 * (docs/REFEREE.md §3.8). Taken from the seat's legal actions, so it is never a fault:
 * - a claim window (the actions include `pass`): `pass`;
 * - a turn that starts with the seat's own draw (`clientDraws`): `draw`;
 * - a turn: the drawn tile when it may be discarded (in riichi it is the only one), else the
 *   lowest-id legal discard (after chii or pon, where kuikae tiles are not among them).
 * Never a win, riichi, kan or kyuushu. Throws when the seat has nothing to do (no `pass`, no
 * discard): the room must not run a clock for such a seat.
 */
export function prescribedCommand(legal: readonly LegalAction[], drawn: TileId | null): Command {
  if (legal.some((a) => a.type === 'pass')) return { type: 'pass' };
  // With clientDraws, a turn starts with the seat taking its tile.
  if (legal.some((a) => a.type === 'draw')) return { type: 'draw' };
  const discard = legal.find((a): a is Extract<LegalAction, { type: 'discard' }> => a.type === 'discard');
  if (discard && discard.tiles.length > 0) {
    if (drawn !== null && discard.tiles.includes(drawn)) return { type: 'discard', tile: drawn };
    return { type: 'discard', tile: Math.min(...discard.tiles) };
  }
  throw new RangeError(`no prescribed command: the legal actions (${legal.map((a) => a.type).join(', ') || 'none'}) offer neither a pass nor a discard`);
}
