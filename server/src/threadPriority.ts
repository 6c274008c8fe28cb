import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The event loop before the helpers (issue 18). V8's garbage collector marks a large heap on
 * helper threads, paced to finish about 500 ms after it starts; on a server given one core, four
 * helpers at the loop's own priority take four fifths of that core for the whole marking, and
 * every table's replies wait behind them (at 1,000 tables: 180–250 ms at p99, where the replies
 * otherwise take 1 ms). A helper `delta` nice steps below the loop runs in the time the loop
 * leaves: the marking still ends, the replies no longer wait for it (scripts/bench-capacity.ts).
 *
 * Lowers every thread of this process but the main one (V8's helpers, the WAL's checkpoint
 * thread, libuv's pool when it has started) to the main thread's nice value plus `delta`, at most
 * 19. Threads started later keep the priority of the thread that starts them. Linux only, where a
 * thread's nice value is its own; elsewhere it does nothing. Returns the threads lowered.
 */
export function lowerHelperThreads(delta: number): number {
  if (process.platform !== 'linux' || !(delta > 0)) return 0;
  const nice = Math.min(19, getPriority(process.pid) + delta);
  let lowered = 0;
  for (const entry of readdirSync('/proc/self/task')) {
    const tid = Number(entry);
    if (tid === process.pid) continue;
    try {
      setPriority(tid, nice);
      lowered++;
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return lowered;
}

/** JANTAKU_HELPER_NICE: how many nice steps below the main thread the others run (default 10; 0: as the main thread). */
export function helperNiceFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JANTAKU_HELPER_NICE;
  if (raw === undefined || raw === '') return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 39) throw new Error(`JANTAKU_HELPER_NICE must be an integer from 0 to 39, got ${raw}`);
  return n;
}
