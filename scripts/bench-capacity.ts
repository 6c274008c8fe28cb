/**
 * How many human-pace tables one core holds under a latency bar (npm run bench:capacity), ours
 * against the bare Colyseus room, issue 18 item 1.
 *
 * Runs `npm run bench:server` once for each table count of a sweep (`--pin`: the servers on one
 * core of their own; the bare room in the same run, after ours), and reads its JSON lines. A
 * server holds a count when every table's request->reply p99 is under the bar, no join was
 * refused and no request failed. Its capacity is the largest count it holds with every smaller
 * count of the sweep held too (a pass above a failure is luck, not capacity). The same is
 * reported by the probe tables' p99 (scripts/bench-server.ts: the server's latency without the
 * clients' wait for their own core).
 *
 * Why a sweep: at 2,000 tables at one action a second not even the bare room holds a 50 ms p99
 * on one core of this machine (its full collections stall it for 130–340 ms), so a fixed count
 * says only that both fail. The count each holds, in the same conditions, is the comparison.
 *
 * Options (`--name value`): `--tables` (500,750,1000,1250,1500: the counts, ascending), `--bar`
 * (50 ms), `--duration` (120 s a window: long enough for several full collections), `--think`
 * (1000 ms), `--bot` (tsumogiri), `--bare-helper-nice` (0: bench:server's flag, the bare room's
 * other threads below its loop as ours runs them). The whole output of each run is printed as it comes; then a
 * table of the counts, then as its last line one JSON object: `bar`, `counts`, `capacity`,
 * `bareCapacity`, `probeCapacity`, `bareProbeCapacity` (0: not even the smallest count held; the
 * probe ones null under 100 tables, which have no probe tables),
 * `capacityRatio` (ours over the bare room's, null when the bare room held none).
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface Count {
  tables: number;
  p99: number;
  probeP99: number | null;
  bareP99: number;
  bareProbeP99: number | null;
  /** Refused joins and failed requests, ours and the bare room's. */
  faults: number;
  bareFaults: number;
  cpuRatio: number;
}

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { tables: { type: 'string' }, bar: { type: 'string' }, duration: { type: 'string' }, think: { type: 'string' }, bot: { type: 'string' }, 'bare-helper-nice': { type: 'string' } },
  });
  const positive = (name: string, raw: string): number => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${raw}`);
    return n;
  };
  const counts = (values.tables ?? '500,750,1000,1250,1500').split(',').map((t) => Math.round(positive('tables', t)));
  if (counts.some((n, i) => i > 0 && n <= counts[i - 1]!)) throw new Error('--tables must be ascending');
  const bot = values.bot ?? 'tsumogiri';
  if (bot !== 'efficiency' && bot !== 'tsumogiri') throw new Error(`--bot must be efficiency or tsumogiri, got ${bot}`);
  return {
    counts,
    bar: positive('bar', values.bar ?? '50'),
    duration: positive('duration', values.duration ?? '120'),
    think: positive('think', values.think ?? '1000'),
    bot,
    bareHelperNice: values['bare-helper-nice'] ?? '0',
  };
}

/** One bench:server run at `tables`: its output passed on, its JSON lines read. */
function measure(tables: number, o: ReturnType<typeof options>): Promise<Count> {
  const args = ['--import', 'tsx', 'scripts/bench-server.ts', '--tables', String(tables), '--think', String(o.think), '--duration', String(o.duration), '--pin', '--bot', o.bot, '--bare-helper-nice', o.bareHelperNice];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    process.stdout.write(d);
    out += d.toString();
  });
  return new Promise((ok, fail) =>
    child.on('exit', (code) => {
      const json = out.split('\n').filter((l) => l.startsWith('{'));
      const full = json.find((l) => l.startsWith('{"tables"'));
      const last = json.at(-1);
      if (code !== 0 || !full || !last) return fail(new Error(`bench:server at ${tables} tables exited with ${code}`));
      const f = JSON.parse(full) as Record<string, number | undefined>;
      const l = JSON.parse(last) as Record<string, number>;
      ok({
        tables,
        p99: f.replyP99Ms!,
        probeP99: f.probeReplyP99Ms ?? null,
        bareP99: f.bareReplyP99Ms!,
        bareProbeP99: f.bareProbeReplyP99Ms ?? null,
        faults: l.refusedJoins! + f.errors!,
        bareFaults: f.bareRefusedJoins! + f.bareErrors!,
        cpuRatio: f.cpuPerActionRatio!,
      });
    }),
  );
}

/** The largest count held with every smaller one held too; 0 when the first is not. */
function capacityOf(counts: readonly Count[], held: (c: Count) => boolean): number {
  let capacity = 0;
  for (const c of counts) {
    if (!held(c)) break;
    capacity = c.tables;
  }
  return capacity;
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  process.stderr.write(`bench:capacity: ${o.counts.join(', ')} tables, p99 bar ${o.bar} ms, ${o.duration}-s windows, think ${o.think} ms, bots ${o.bot}\n`);
  const counts: Count[] = [];
  for (const tables of o.counts) counts.push(await measure(tables, o));

  const under = (p99: number | null) => p99 !== null && p99 < o.bar;
  const capacity = capacityOf(counts, (c) => under(c.p99) && c.faults === 0);
  const bareCapacity = capacityOf(counts, (c) => under(c.bareP99) && c.bareFaults === 0);
  // Under 100 tables a run has no probe tables (1% of them): no capacity by them then.
  const probed = counts.every((c) => c.probeP99 !== null && c.bareProbeP99 !== null);
  const probeCapacity = probed ? capacityOf(counts, (c) => under(c.probeP99) && c.faults === 0) : null;
  const bareProbeCapacity = probed ? capacityOf(counts, (c) => under(c.bareProbeP99) && c.bareFaults === 0) : null;

  const ms = (x: number | null) => (x === null ? '-' : x.toFixed(1));
  const mark = (p99: number | null, faults: number) => `${ms(p99)}${p99 === null || (under(p99) && faults === 0) ? '' : ' ✗'}`;
  const rows = [
    ['tables', 'ours p99 ms', 'bare p99 ms', 'ours probe p99 ms', 'bare probe p99 ms', 'faults ours / bare', 'CPU/action ratio'],
    ...counts.map((c) => [String(c.tables), mark(c.p99, c.faults), mark(c.bareP99, c.bareFaults), mark(c.probeP99, c.faults), mark(c.bareProbeP99, c.bareFaults), `${c.faults} / ${c.bareFaults}`, `${c.cpuRatio.toFixed(2)}x`]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log();
  for (const r of rows) console.log(r.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
  console.log(`\ntables held under ${o.bar} ms p99 (✗: not held), every table: ours ${capacity}, bare ${bareCapacity}; probe tables: ours ${probeCapacity ?? '-'}, bare ${bareProbeCapacity ?? '-'}`);
  console.log(
    JSON.stringify({
      bar: o.bar,
      counts: counts.map((c) => ({ ...c })),
      capacity,
      bareCapacity,
      probeCapacity,
      bareProbeCapacity,
      capacityRatio: bareCapacity > 0 ? Math.round((capacity / bareCapacity) * 100) / 100 : null,
    }),
  );
}

await main().catch((e) => {
  console.error(String((e as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS') ? `bench:capacity: ${(e as Error).message}` : e);
  process.exit(1);
});
