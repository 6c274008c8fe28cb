/** Times of events by key over the last minute: what the per-minute limits count (quota.ts, players/routes.ts). */
export class MinuteWindow {
  private times = new Map<string, number[]>();

  /** Events of `key` in the minute before `now` (older ones are forgotten). */
  count(key: string, now = Date.now()): number {
    const recent = (this.times.get(key) ?? []).filter((t) => t > now - 60_000);
    if (recent.length === 0) this.times.delete(key);
    else this.times.set(key, recent);
    return recent.length;
  }

  add(key: string, now = Date.now()): void {
    const times = this.times.get(key);
    if (times) times.push(now);
    else this.times.set(key, [now]);
  }

  /** Keys with events in the last minute or not yet swept. */
  get size(): number {
    return this.times.size;
  }

  /** Forgets minutes long past (so idle keys do not accumulate). */
  sweep(now = Date.now()): void {
    for (const key of [...this.times.keys()]) this.count(key, now);
  }
}
