import { matchMaker } from '@colyseus/core';
import { recoveryOptions } from './rooms/TableRoom';
import type { GameStore } from './store/index';

/**
 * After a restart (a crash included): every unfinished game of the store gets its table back,
 * rebuilt from its log under the same id, so its players rejoin with their seat tokens. A game
 * whose log cannot be replayed is reported and left as it is. Call once the server listens.
 */
export async function recoverTables(store: GameStore): Promise<{ recovered: string[]; failed: { id: string; reason: string }[] }> {
  const recovered: string[] = [];
  const failed: { id: string; reason: string }[] = [];
  for (const g of store.listGames({ status: 'open' })) {
    try {
      await matchMaker.handleCreateRoom('table', recoveryOptions(g.id), undefined, g.id);
      recovered.push(g.id);
    } catch (e) {
      failed.push({ id: g.id, reason: (e as Error).message });
    }
  }
  return { recovered, failed };
}
