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
