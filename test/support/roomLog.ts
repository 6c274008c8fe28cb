import type { Game } from '@jantaku/shared/game/game';
import { Referee, type RefereeLogEntry } from '@jantaku/shared/referee/referee';
import type { GameStore } from '../../server/src/store/index';

type Room = { readonly referee: Referee; readonly store: GameStore | null; readonly roomId: string };

/**
 * A table's whole referee log. A room's referee lets go of the entries its store holds
 * (`Referee.forgetLog`), so those are read back from the store.
 */
export function roomLog(room: Room): RefereeLogEntry[] {
  const { referee } = room;
  if (referee.logStart === 0) return [...referee.log];
  return [...room.store!.commands(room.roomId).slice(0, referee.logStart), ...referee.log];
}

/**
 * A table's game with every hand's record (steps, haipai), rebuilt from its whole log as an
 * export is: a room's own game lets go of its finished hands' steps (`ROOM_GAME`).
 */
export function roomGame(room: Room): Game {
  const { seed, wallAlgorithm } = room.referee.game;
  return Referee.replay({ rules: room.referee.rules, seed, wallAlgorithm }, roomLog(room)).game;
}

/** A room whose state counts the commands it shows (`actions`). */
export type RoomWithState = Room & { readonly state: { readonly actions: number } };

/**
 * Whether the room's state shows its log up to entry `index` (without one, the whole log). The
 * referee logs a command as it judges it, but the state (the test's, and every page's) shows it
 * only once it is recorded and sent, at the end of the server's turn (store/groupCommit.ts); until
 * then the state still asks a seat the decision it has just made. Its `actions` count the seats'
 * entries, not the deals'.
 */
export function stateShows(room: RoomWithState, index?: number): boolean {
  const log = roomLog(room);
  return room.state.actions >= log.slice(0, (index ?? log.length - 1) + 1).filter((e) => e.seat >= 0).length;
}

/** The index of `seat`'s first entry in the room's log from index `from` on, once there is one. */
export function entryOf(room: Room, seat: number, from: number): number | undefined {
  const i = roomLog(room).findIndex((e, j) => j >= from && e.seat === seat);
  return i < 0 ? undefined : i;
}
