import type { Referee, RefereeLogEntry } from '@jantaku/shared/referee/referee';
import type { GameStore } from '../../server/src/store/index';

/**
 * A table's whole referee log. A room's referee lets go of the entries its store holds
 * (`Referee.forgetLog`), so those are read back from the store.
 */
export function roomLog(room: { readonly referee: Referee; readonly store: GameStore | null; readonly roomId: string }): RefereeLogEntry[] {
  const { referee } = room;
  if (referee.logStart === 0) return [...referee.log];
  return [...room.store!.commands(room.roomId).slice(0, referee.logStart), ...referee.log];
}
