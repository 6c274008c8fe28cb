import { parseArgs } from 'node:util';
import { withValuesAttached } from '../cli/args';
import { printable } from '@jantaku/shared/text';
import { DEFAULT_ANSWER_MS } from './answers';
import { runMjaiBridge, type MjaiOutcome } from './bridge';

export const MJAI_USAGE = `usage: jantaku-mjai --url ws://HOST:PORT (--table ID | --create JSON) [--seat N] [--name NAME]
                    [--framing auto|line|batch] [--answer-ms MS] [--source events|state] [--verbose]
                    -- COMMAND [ARGS…]
  Seats an mjai bot (a program speaking mjai JSON lines on stdin/stdout) at a Jantaku table
  and plays the game through it; says the table and seat on stderr once seated. --create takes
  table options as JSON, e.g. '{"ruleset":"wrc2015","bots":[1,2,3]}'. --framing: auto (default:
  gimite's one message a line, else mjai.app's, run with the seat as last argument and sent
  arrays), line or batch. A late or invalid answer becomes the prescribed move (pass, or the
  drawn tile discarded), said on stderr; --answer-ms is the time at a table without a clock
  (default ${DEFAULT_ANSWER_MS}). Prints the standings and a count of the bot's declarations when the game ends.`;

export class MjaiUsageError extends Error {}

export interface MjaiCliOptions {
  url: string;
  table?: string;
  create?: Record<string, unknown>;
  seat?: number;
  framing: 'auto' | 'line' | 'batch';
  name?: string;
  answerMs?: number;
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
      name: { type: 'string' }, 'answer-ms': { type: 'string' },
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
  const framing = (values.framing ?? 'auto') as string;
  if (framing !== 'auto' && framing !== 'line' && framing !== 'batch') bad('--framing must be auto, line or batch');
  let answerMs: number | undefined;
  if (values['answer-ms'] !== undefined) {
    answerMs = Number(values['answer-ms']);
    if (!Number.isInteger(answerMs) || answerMs < 1 || answerMs > 3_600_000) bad('--answer-ms must be an integer 1..3600000');
  }
  const source = (values.source ?? 'events') as string;
  if (source !== 'events' && source !== 'state') bad('--source must be events or state');
  return {
    url: url as string,
    ...(typeof values.table === 'string' ? { table: values.table } : {}),
    ...(create ? { create } : {}),
    ...(seat !== undefined ? { seat } : {}),
    framing: framing as 'auto' | 'line' | 'batch',
    ...(typeof values.name === 'string' ? { name: values.name } : {}),
    ...(answerMs !== undefined ? { answerMs } : {}),
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
    const key = o.answer.status === 'fault' ? `fault ${o.answer.rule}` : o.answer.status === 'refused' ? `refused ${o.answer.code}` : o.fallback ? `played by the bridge (${o.because})` : 'accepted';
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/**
 * The CLI: exit code 0 when the game was played to its end. Usage errors throw MjaiUsageError
 * (exit 2); anything else that stops the bridge (the table refused, the bot died, the connection
 * lost) is one line on stderr and exit code 1.
 */
export async function mjaiMain(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const o = parseMjaiArgs(argv);
  try {
    const r = await runMjaiBridge({
      url: o.url,
      ...(o.table ? { table: o.table } : {}),
      ...(o.create ? { create: o.create } : {}),
      ...(o.seat !== undefined ? { seat: o.seat } : {}),
      ...(o.name !== undefined ? { name: o.name } : {}),
      ...(o.answerMs !== undefined ? { answerMs: o.answerMs } : {}),
      command: o.command,
      args: o.args,
      framing: o.framing,
      source: o.source,
      trace: o.verbose,
      log: (line) => err(`jantaku-mjai: ${printable(line)}`),
    });
    out(JSON.stringify({ table: r.roomId, seat: r.seat, standings: r.standings, declarations: summarise(r.outcomes), framing: r.framing }));
    return 0;
  } catch (e) {
    // One line: the server's text may hold anything, so it is escaped.
    const text = e instanceof Error ? e.message : String(e);
    err(`jantaku-mjai: ${printable(text.replace(/\s*\n\s*/g, '; '))}`);
    return 1;
  }
}
