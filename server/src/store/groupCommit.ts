import { logger } from '../log';
import type { GameStore } from './gameStore';

/** One table's part of a group commit. */
export interface CommitJob {
  /** How many rows `write` will insert. */
  rows(): number;
  /** Writes what the table has not stored yet, inside the group's transaction (throws as the store does). */
  write(): void;
  /** The writes are committed (`error` undefined), or nothing of them is (`error` says why). */
  done(error?: unknown): void;
}

/**
 * How long a group stays open, in ms of the turn's work, before the next table to join it finds
 * it committed first. A turn after a pause of the event loop (a scavenge: 30-100 ms at 2,000
 * tables) reads every request that came in meanwhile; in one group, the first of them would wait
 * for all of them to be judged, written, projected and sent. Shorter than any steady turn's
 * length, so groups stay whole then (issue 18: 3-8 tables a commit).
 */
export const MAX_GROUP_MS = 5;

/**
 * Group commit (issue 18 item 2): what the tables apply in one turn of the event loop is written
 * in one SQLite transaction at the end of that turn (setImmediate), and only then does each
 * table send its patch, its events and its replies. One commit a turn instead of one a command,
 * and nothing is seen before it is recorded. A turn longer than `maxGroupMs` commits in several
 * groups. A group that fails is tried again table by table, so that one table's failure stays
 * its own, as with a commit per command.
 */
export class GroupCommit {
  private jobs: CommitJob[] = [];
  /** When the open group's first job came (performance.now()). */
  private openedAt = 0;
  /** A flush waits for the end of the turn. */
  private scheduled = false;
  private readonly flushNow = () => {
    this.scheduled = false;
    this.flush();
  };
  /** Groups committed so far, and the tables' writes in them (for /metrics: tables per commit). */
  commits = 0;
  writes = 0;
  /** Seconds spent writing and committing them (for /metrics: the store's time per action). */
  seconds = 0;

  constructor(
    private readonly store: GameStore,
    private readonly maxGroupMs = MAX_GROUP_MS,
  ) {}

  /**
   * Commits `job` with the rest of this turn's; a group open for longer than `maxGroupMs` is
   * committed (and its tables told) first. Never `job`'s own table's: a table adds a job only when
   * it has none waiting.
   */
  add(job: CommitJob): void {
    const t = performance.now();
    if (this.jobs.length > 0 && t - this.openedAt > this.maxGroupMs) this.flush();
    if (this.jobs.length === 0) this.openedAt = t;
    this.jobs.push(job);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushNow);
    }
  }

  /** Commits every job waiting, then tells each. */
  flush(): void {
    const jobs = this.jobs;
    this.jobs = [];
    if (jobs.length === 0) return;
    this.commits++;
    this.writes += jobs.length;
    // Undefined: the group is committed; else why it failed (nothing of it is).
    let failed: unknown;
    const start = performance.now();
    try {
      // A single row commits alone (one statement is its own transaction, without BEGIN and COMMIT).
      if (jobs.length === 1 && jobs[0].rows() === 1) jobs[0].write();
      else
        this.store.transaction(() => {
          for (const j of jobs) j.write();
        });
    } catch (e) {
      failed = e ?? new Error('the store refused the write');
    }
    this.seconds += (performance.now() - start) / 1000;
    for (const j of jobs) {
      // A group of several that failed: each again alone (a group of one has had its try).
      let error = failed;
      if (failed !== undefined && jobs.length > 1)
        try {
          this.store.transaction(() => j.write());
          error = undefined;
        } catch (e) {
          error = e ?? new Error('the store refused the write');
        }
      try {
        j.done(error);
      } catch (e) {
        // One table's failure to send is its own: the next tables are told all the same.
        logger.error({ event: 'commitDoneFailed', err: e }, 'a table failed after its commit');
      }
    }
  }
}

const groups = new WeakMap<GameStore, GroupCommit>();

/** The group commit of `store` (one per store: every table of the process commits through it). */
export function groupCommitOf(store: GameStore): GroupCommit {
  let g = groups.get(store);
  if (!g) groups.set(store, (g = new GroupCommit(store)));
  return g;
}
