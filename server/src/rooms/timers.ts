/**
 * A table's one-shot timers, one per purpose: setting one replaces the one it had, a timer that
 * fires is gone before its callback runs, and `clearAll` stops every one (the table stops or goes).
 */
export class Timers<Name extends string> {
  private readonly slots = new Map<Name, ReturnType<typeof setTimeout>>();

  set(name: Name, ms: number, fire: () => void): void {
    this.clear(name);
    this.slots.set(
      name,
      setTimeout(() => {
        this.slots.delete(name);
        fire();
      }, ms),
    );
  }

  has(name: Name): boolean {
    return this.slots.has(name);
  }

  clear(name: Name): void {
    const t = this.slots.get(name);
    if (t) clearTimeout(t);
    this.slots.delete(name);
  }

  clearAll(): void {
    for (const t of this.slots.values()) clearTimeout(t);
    this.slots.clear();
  }
}

/** The room's timers: the next automatic step, the clocks' deadline, the empty table's close, a service table's join deadline, the store's retry. */
export type TableTimer = 'next' | 'clock' | 'empty' | 'join' | 'retry';
