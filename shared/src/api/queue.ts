/**
 * The queues as the server's HTTP answers show them (`GET /api/queues`, `/api/queue`): the one
 * definition the server answers with and the client SDK reads.
 */

/** A queue as `GET /api/queues` lists it. */
export interface QueueKind {
  kind: string;
  title: string;
  ruleset: string;
  length: 'hanchan' | 'tonpuusen';
  timeControl: 'none' | 'bank' | 'wsom';
  /** `people`, or `bots`: the bot ladder, bot accounts only. */
  ladder: 'people' | 'bots';
  /** Rated (guests may not queue); quick play is not, and seats bots after `botsAfterSeconds`. */
  ranked: boolean;
  guests: boolean;
  botsAfterSeconds?: number;
  /** Accounts waiting now. */
  waiting: number;
}

/** Where a queued account stands (`GET /api/queue`). */
export type QueueStatus =
  | { status: 'queued'; kind: string; rating: number; waitedMs: number; band: number; waiting: number }
  | { status: 'matching'; kind: string }
  | { status: 'matched'; kind: string; table: string; seat: number };
