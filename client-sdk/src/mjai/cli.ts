import { parseArgs } from 'node:util';
import { withValuesAttached } from '../cli/args';
import { runMjaiBridge, type MjaiOutcome } from './bridge';

export const MJAI_USAGE = `usage: jantaku-mjai --url ws://HOST:PORT (--table ID | --create JSON) [--seat N]
                    [--framing line|batch] [--source events|state] [--verbose] -- COMMAND [ARGS…]
  Seats an mjai bot (a program speaking mjai JSON lines on stdin/stdout) at a Jantaku table
  and plays the game through it. --create takes table options as JSON, e.g.
  '{"ruleset":"wrc2015","bots":[1,2,3]}'. --framing batch speaks mjai.app's arrays.
  Prints the standings and the bot's refused or penalised declarations when the game ends.`;

export class MjaiUsageError extends Error {}

export interface MjaiCliOptions {
  url: string;
  table?: string;
  create?: Record<string, unknown>;
  seat?: number;
  framing: 'line' | 'batch';
  source: 'events' | 'state';
  verbose: boolean;
  command: string;
  args: string[];
}

/** Parses the command line; throws MjaiUsageError with the reason and the usage. */
export function parseMjaiArgs(argv: string[]): MjaiCliOptions {
  const bad = (why: string): never => {
    throw new MjaiUsageError(`${why}\n${MJAI_USAGE}`);
  };
  const split = argv.indexOf('--');
  if (split < 0 || split === argv.length - 1) bad('the bot is missing: put it after "--"');
  let values: Record<string, string | boolean | undefined>;
  try {
    const options = {
      url: { type: 'string' }, table: { type: 'string' }, create: { type: 'string' }, seat: { type: 'string' },
      framing: { type: 'string' }, source: { type: 'string' }, verbose: { type: 'boolean', short: 'v' },
    } as const;
    values = parseArgs({
      args: withValuesAttached(argv.slice(0, split), options),
      options,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    return bad((e as Error).message);
  }
  const url = values.url;
  if (typeof url !== 'string') bad('--url is required');
  if ((values.table === undefined) === (values.create === undefined)) bad('give --table or --create (one of them)');
  let create: Record<string, unknown> | undefined;
  if (typeof values.create === 'string') {
    try {
      create = JSON.parse(values.create) as Record<string, unknown>;
    } catch {
      bad('--create must be JSON');
    }
    if (!create || typeof create !== 'object' || Array.isArray(create)) bad('--create must be a JSON object');
  }
  let seat: number | undefined;
  if (values.seat !== undefined) {
    seat = Number(values.seat);
    if (!Number.isInteger(seat) || seat < 0 || seat > 3) bad('--seat must be 0..3');
  }
  const framing = (values.framing ?? 'line') as string;
  if (framing !== 'line' && framing !== 'batch') bad('--framing must be line or batch');
  const source = (values.source ?? 'events') as string;
  if (source !== 'events' && source !== 'state') bad('--source must be events or state');
  return {
    url: url as string,
    ...(typeof values.table === 'string' ? { table: values.table } : {}),
    ...(create ? { create } : {}),
    ...(seat !== undefined ? { seat } : {}),
    framing: framing as 'line' | 'batch',
    source: source as 'events' | 'state',
    verbose: values.verbose === true,
    command: argv[split + 1],
    args: argv.slice(split + 2),
  };
}

/** What went wrong with the bot's declarations, by rule or refusal code. */
export function summarise(outcomes: readonly MjaiOutcome[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.answer.status === 'fault' ? `fault ${o.answer.rule}` : o.answer.status === 'refused' ? `refused ${o.answer.code}` : o.fallback ? 'played by the bridge' : 'accepted';
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** The CLI: exit code 0 when the game was played to its end. */
export async function mjaiMain(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const o = parseMjaiArgs(argv);
  const r = await runMjaiBridge({
    url: o.url,
    ...(o.table ? { table: o.table } : {}),
    ...(o.create ? { create: o.create } : {}),
    ...(o.seat !== undefined ? { seat: o.seat } : {}),
    command: o.command,
    args: o.args,
    framing: o.framing,
    source: o.source,
    trace: o.verbose,
    log: err,
    onSeated: ({ roomId, seat }) => err(`jantaku-mjai: table ${roomId}, seat ${seat}`),
  });
  out(JSON.stringify({ table: r.roomId, seat: r.seat, standings: r.standings, declarations: summarise(r.outcomes) }));
  return 0;
}
