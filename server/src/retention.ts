import type { Metrics } from './metrics';
import { events as log } from './log';
import type { GameArchive } from './store/archive';
import type { GameStore } from './store/index';

/** How often finished games past the retention are deleted (ms). */
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/**
 * Deletes the finished games that ended more than `days` days ago (JANTAKU_RETENTION_DAYS), now
 * and every hour; `days` 0 keeps every game. Unfinished games are never touched. Returns a
 * function that stops it. With a shared store (`archive`), its copies too. A store that refuses (a full disk) is tried again at the next sweep.
 */
export function startRetention(store: GameStore, days: number, metrics: Metrics | null, archive: GameArchive | null = null, everyMs = RETENTION_SWEEP_MS): () => void {
  if (days === 0) return () => {};
  const sweep = () => {
    if (!store.isOpen) return;
    // The shared store's copies go by the same rule (each process sweeps them: deleting twice is harmless).
    archive?.purgeFinished(Date.now() - days * 86_400_000).catch((e: unknown) => log.storeFailed('(retention, shared store)', e));
    try {
      const n = store.purgeFinished(Date.now() - days * 86_400_000);
      if (n > 0) {
        metrics?.gamesPurged(n);
        log.gamesPurged(n, days);
      }
    } catch (e) {
      log.storeFailed('(retention)', e);
    }
  };
  const first = setTimeout(sweep, 0);
  const timer = setInterval(sweep, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
