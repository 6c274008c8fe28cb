import { connect } from '../client';
import { play, runBot, strategies, type BotResult } from '../bot';
import type { RulesetName, Seat } from '../types';
import { int, parse, UsageError } from './args';

export const BOT_USAGE = `usage: jantaku-bot --url ws://HOST:PORT --table ID [--seat N] [--strategy efficiency|tsumogiri] [--name NAME] [--api-key KEY]
       jantaku-bot --url ws://HOST:PORT --fill N [--strategy S] [--ruleset R] [--seed S] [--bots K] [--hand-pause MS] [--bot-delay MS]
  --table ID   join this table (with --fill N: fill N of its free seats)
  --fill N     create a table (unless --table) and seat N bots; prints "table ID" first
  --bots K     with --fill and no --table: K more seats played by the server's built-in bots
  --api-key K  play as the bot account of this API key (default: env JANTAKU_API_KEY); one seat only
Plays until the game ends, then prints each bot's standing.`;

/** The jantaku-bot command; returns the exit code. */
export async function botMain(argv: string[], out: (line: string) => void = console.log, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const o = parse(
    argv,
    {
      url: { type: 'string', default: 'ws://localhost:2567' },
      table: { type: 'string' },
      seat: { type: 'string' },
      strategy: { type: 'string', default: 'efficiency' },
      name: { type: 'string' },
      fill: { type: 'string' },
      ruleset: { type: 'string' },
      seed: { type: 'string' },
      bots: { type: 'string' },
      'hand-pause': { type: 'string' },
      'bot-delay': { type: 'string' },
      'api-key': { type: 'string' },
    },
    BOT_USAGE,
  );
  if (o.help) {
    out(BOT_USAGE);
    return 0;
  }
  const strategy = o.strategy as string;
  if (!Object.hasOwn(strategies, strategy)) throw new UsageError(`--strategy must be one of ${Object.keys(strategies).join(', ')}`);
  const bot = strategies[strategy as keyof typeof strategies];
  const url = o.url as string;
  const seat = int(o.seat, 'seat', 0, 3) as Seat | undefined;
  const fill = int(o.fill, 'fill', 1, 4);
  const name = (o.name as string | undefined) ?? `${strategy}-bot`;
  const apiKey = (o['api-key'] as string | undefined) ?? (env.JANTAKU_API_KEY || undefined);
  // One account holds one seat at a table (a second join of it takes that seat over).
  if (apiKey !== undefined && fill !== undefined && fill > 1) throw new UsageError('--api-key plays one seat: --fill must be 1');
  const options = apiKey !== undefined ? { apiKey } : {};
  const report = (rs: BotResult[]) => {
    for (const r of rs.sort((a, b) => a.seat - b.seat)) {
      const s = r.standings.find((x) => x.seat === r.seat);
      out(`seat ${r.seat}: rank ${s?.rank} points ${s?.points} final ${s?.final}`);
    }
  };
  if (fill === undefined) {
    if (o.table === undefined) throw new UsageError(`--table or --fill is required\n${BOT_USAGE}`);
    const r = await runBot(url, bot, { table: o.table as string, seat, name, connect: options, onTable: (t) => out(`table ${t.id} seat ${t.seat}`) });
    report([r]);
    return 0;
  }
  let tableId = o.table as string | undefined;
  const runs: Promise<BotResult>[] = [];
  if (tableId === undefined) {
    // The first bot creates the table; the others join it.
    const create = {
      ...(o.ruleset !== undefined ? { ruleset: o.ruleset as RulesetName } : {}),
      ...(o.seed !== undefined ? { seed: o.seed as string } : {}),
      ...(o.bots !== undefined ? { bots: int(o.bots, 'bots', 0, 4 - fill) } : {}),
      ...(o['hand-pause'] !== undefined ? { handPauseMs: int(o['hand-pause'], 'hand-pause', 0, 60_000) } : {}),
      ...(o['bot-delay'] !== undefined ? { botDelayMs: int(o['bot-delay'], 'bot-delay', 0, 60_000) } : {}),
    };
    const table = await connect(url, options).create({ ...create, playerName: `${name} 1` });
    tableId = table.id;
    runs.push(
      play(table, bot).then(async (standings) => {
        const r = { standings, seat: table.seat as Seat, tableId: table.id };
        await table.leave();
        return r;
      }),
    );
  }
  out(`table ${tableId}`);
  for (let i = runs.length; i < fill; i++) runs.push(runBot(url, bot, { table: tableId, name: `${name} ${i + 1}`, connect: options }));
  report(await Promise.all(runs));
  return 0;
}
