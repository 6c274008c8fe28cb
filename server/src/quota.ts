import { ServerError } from '@colyseus/core';
import type { Limits } from './limits';
import { MinuteWindow } from './minuteWindow';

/**
 * Tables per client address (issue 14): how many one address has open at once (from creation
 * until the table closes), and how many it created in the last minute. The address is the
 * matchmaking request's, pinned by address.ts. A limit of 0 is no limit.
 */
export class TableQuota {
  private open = new Map<string, Set<string>>();
  private created = new MinuteWindow();

  constructor(
    private readonly limits: Pick<Limits, 'tablesPerAddress' | 'createsPerMinute'>,
    /** Told which limit refused a table (for `/metrics`). */
    private readonly onRefuse: (limit: 'tablesPerAddress' | 'createsPerMinute') => void = () => {},
  ) {}

  /** Counts the new table `tableId` for `address`, or throws a 429 ServerError naming the limit. */
  admit(address: string, tableId: string, now = Date.now()): void {
    const { tablesPerAddress, createsPerMinute } = this.limits;
    const open = this.open.get(address) ?? new Set<string>();
    if (tablesPerAddress > 0 && open.size >= tablesPerAddress) {
      this.onRefuse('tablesPerAddress');
      throw new ServerError(429, `TABLE_LIMIT: at most ${tablesPerAddress} tables open at once from one address`);
    }
    if (createsPerMinute > 0 && this.created.count(address, now) >= createsPerMinute) {
      this.onRefuse('createsPerMinute');
      throw new ServerError(429, `CREATE_RATE_LIMITED: at most ${createsPerMinute} tables created per minute from one address`);
    }
    this.created.add(address, now);
    open.add(tableId);
    this.open.set(address, open);
  }

  /** The table `tableId` of `address` closed (or took another id). */
  release(address: string, tableId: string): void {
    const open = this.open.get(address);
    if (!open) return;
    open.delete(tableId);
    if (open.size === 0) this.open.delete(address);
  }

  /** Forgets minutes long past (called now and then, so idle addresses do not accumulate). */
  sweep(now = Date.now()): void {
    this.created.sweep(now);
  }
}
