import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The thread's code (plain CommonJS: a worker evaluated from a string needs no loader): its own
 * connection to the file, a PASSIVE checkpoint every `everyMs` (it copies what it can and waits
 * for nobody, so the tables' commits go on meanwhile), and it tells how many pages it copied.
 */
const SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const tick = () => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ copied: r ? r.checkpointed : 0, log: r ? r.log : 0 });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message || e) });
  }
};
const timer = setInterval(tick, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

/** What one of the thread's checkpoints did: the WAL's frames, and how many of them are now in the database. */
export interface CheckpointDone {
  log: number;
  checkpointed: number;
}

/**
 * Copies a WAL file's pages into its database from a thread of its own (issue 18): a checkpoint
 * of many pages takes tens of milliseconds (up to 100 ms measured for 10,000 pages with its
 * fsync), which the event loop would otherwise spend between two tables' commits. `done` hears
 * of each checkpoint (GameStore catches up on the frames committed meanwhile, see there).
 */
export class Checkpointer {
  private readonly worker: Worker;
  /** Pages copied so far, and the last error (a checkpoint that failed is tried again at the next tick). */
  copied = 0;
  lastError: string | null = null;

  constructor(path: string, everyMs: number, done?: (r: CheckpointDone) => void) {
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(SOURCE, { eval: true, workerData: { path, everyMs, sqlite } });
    this.worker.on('message', (m: { copied?: number; log?: number; error?: string }) => {
      if (m.copied !== undefined) {
        this.copied += m.copied;
        done?.({ log: m.log ?? 0, checkpointed: m.copied });
      }
      if (m.error !== undefined) this.lastError = m.error;
    });
    this.worker.on('error', (e) => (this.lastError = e.message));
    // It never keeps the process alive.
    this.worker.unref();
  }

  /** Stops the thread after the checkpoint under way (its connection closed), at most `waitMs`. */
  async stop(waitMs = 2000): Promise<void> {
    const stopped = new Promise<void>((resolve) => {
      this.worker.on('message', (m: { stopped?: boolean }) => m.stopped && resolve());
      this.worker.once('exit', () => resolve());
    });
    this.worker.postMessage('stop');
    await Promise.race([stopped, new Promise((r) => setTimeout(r, waitMs).unref())]);
    await this.worker.terminate();
  }
}
