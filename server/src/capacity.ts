import { ServerError } from '@colyseus/core';
import type { Limits } from './limits';

/**
 * Graceful overload (issue 18): this process's tables and claimed seats against its capacity
 * (JANTAKU_MAX_TABLES, JANTAKU_MAX_SEATS; 0: no limit). Past it, new tables and new seats are
 * refused with SERVER_FULL (503) while the running tables play on: a seat taken back with its
 * token, a spectator and a recovered table are never refused. A table counts from its creation
 * to its disposal, a seat from its claim to its release (before play) or the table's disposal.
 */
export type Refused = 'table' | 'seat';

export interface Load {
  tables: number;
  seats: number;
  maxTables: number;
  maxSeats: number;
  /** A new table (or a new seat) would be refused now. */
  full: boolean;
  refusedTables: number;
  refusedSeats: number;
}

export const SERVER_FULL = 'SERVER_FULL';

export class Capacity {
  /** Seats claimed by players, by table. */
  private tables = new Map<string, number>();
  private seats = 0;
  private refused: Record<Refused, number> = { table: 0, seat: 0 };

  constructor(
    private readonly limits: Pick<Limits, 'maxTables' | 'maxSeats'>,
    /** Told of each refusal (for `/metrics`). */
    private readonly onRefuse: (what: Refused) => void = () => {},
  ) {}

  private get tablesFull(): boolean {
    return this.limits.maxTables > 0 && this.tables.size >= this.limits.maxTables;
  }

  private get seatsFull(): boolean {
    return this.limits.maxSeats > 0 && this.seats >= this.limits.maxSeats;
  }

  /** A new table would be refused now: it needs a free table place and a seat for its creator. */
  private get full(): boolean {
    return this.tablesFull || this.seatsFull;
  }

  /** Counts a refusal of `what` and says why. */
  private refusal(what: Refused): string {
    this.refused[what]++;
    this.onRefuse(what);
    const { maxTables, maxSeats } = this.limits;
    return `${SERVER_FULL}: this server is at capacity (${this.tables.size}/${maxTables || '∞'} tables, ${this.seats}/${maxSeats || '∞'} seats): try again later`;
  }

  private refuse(what: Refused): never {
    // No stack trace: under overload refusals come by the hundred a second, and a stack (mapped
    // through source maps when it is read) costs more than the rest of the refusal.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      throw new ServerError(503, this.refusal(what));
    } finally {
      Error.stackTraceLimit = limit;
    }
  }

  /**
   * Why a new table would be refused now (the refusal counted), or null: asked by the HTTP server
   * before a create reaches the matchmaker (web.ts), so that refusing costs next to nothing.
   */
  tableRefusal(): string | null {
    return this.full ? this.refusal('table') : null;
  }

  /**
   * Throws SERVER_FULL if a new table would be refused now: asked before a table builds its
   * game, so that refusing one costs next to nothing to the tables that run.
   */
  checkTable(): void {
    if (this.full) this.refuse('table');
  }

  /** Counts the new table `id`, or throws SERVER_FULL: a table needs a free table place and a seat for its creator. `force`: a recovered table. */
  admitTable(id: string, force = false): void {
    if (this.tables.has(id)) return;
    if (!force && this.full) this.refuse('table');
    this.tables.set(id, 0);
  }

  /** Throws SERVER_FULL if no new seat can be claimed now (checked at matchmaking, before any seat is reserved). */
  checkSeat(): void {
    if (this.seatsFull) this.refuse('seat');
  }

  /** A player claims a new seat at table `id`, or SERVER_FULL. `force`: a seat recovered after a restart. */
  takeSeat(id: string, force = false): void {
    if (!force) this.checkSeat();
    this.tables.set(id, (this.tables.get(id) ?? 0) + 1);
    this.seats++;
  }

  /** A seat of table `id` was released before play. */
  releaseSeat(id: string): void {
    const n = this.tables.get(id);
    if (!n) return;
    this.tables.set(id, n - 1);
    this.seats--;
  }

  /** Table `id` closed: its place and its seats are free again. */
  closeTable(id: string): void {
    const n = this.tables.get(id);
    if (n === undefined) return;
    this.seats -= n;
    this.tables.delete(id);
  }

  get load(): Load {
    const { maxTables, maxSeats } = this.limits;
    return { tables: this.tables.size, seats: this.seats, maxTables, maxSeats, full: this.full, refusedTables: this.refused.table, refusedSeats: this.refused.seat };
  }
}
