/**
 * Loaded (`--import`) into bench:server's server children, which run with `--expose-gc`: on
 * SIGWINCH a full collection, then one stdout line `live-memory HEAP_AND_EXTERNAL RSS` (bytes).
 * What the process keeps alive per table is what memory per table means; an RSS reading alone
 * blurs it with garbage not yet collected and pages the heap has not given back. SIGWINCH, not
 * SIGUSR2: Colyseus shuts the server down on SIGUSR2 (nodemon's restart signal).
 */
process.on('SIGWINCH', () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  process.stdout.write(`live-memory ${m.heapUsed + m.external} ${m.rss}\n`);
});
