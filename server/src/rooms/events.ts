import { EventEmitter } from 'node:events';
import type { FaultEvent } from '@jantaku/shared/referee/referee';

/**
 * What a table tells the services around it (ratings, tournaments), always after it is recorded:
 * `finished` once the game's result is in the store, `fault` for each ruling once its command is,
 * `abandoned` when a table that never began is closed (its game leaves no record). The services
 * listen; a table never calls a service.
 */
export interface TableEventMap {
  finished: [gameId: string];
  fault: [gameId: string, fault: FaultEvent, hand: number];
  abandoned: [gameId: string];
}

export class TableEvents extends EventEmitter<TableEventMap> {}
