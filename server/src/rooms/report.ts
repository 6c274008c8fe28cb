import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { events as log } from '../log';
import type { Metrics } from '../metrics';
import type { TableEvents } from './events';

/** What a table's recorded events tell the log, the metrics and the services (faults, hands' and the game's end); `hand` the number of hands dealt. */
export function reportEvents(roomId: string, events: readonly RefereeEvent[], hand: number, metrics: Metrics | null, tableEvents: TableEvents | null): void {
  for (const e of events) {
    if (e.type === 'fault') {
      metrics?.fault(e.rule);
      log.fault(roomId, e);
      tableEvents?.emit('fault', roomId, e, hand - 1);
    } else if (e.type === 'handEnded') log.handEnded(roomId, { ...e.result, number: hand, scores: e.scores });
    else if (e.type === 'gameEnded') {
      log.gameEnded(roomId, e.standings);
      metrics?.gameFinished();
    }
  }
}
