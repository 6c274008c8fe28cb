import { connect } from '../client';
import { describeEvent, renderTable } from '../format';
import { parse, UsageError } from './args';

export const WATCH_USAGE = `usage: jantaku-watch --url ws://HOST:PORT --table ID [--board]
Prints a live, human-readable table: each event as it happens (discards, calls, riichi, dora, faults),
the board at each hand's end, the standings at the end. --board redraws the whole board on every change
(the default on a terminal).`;

/** The jantaku-watch command: spectates until the game ends (exit 0) or the table goes (exit 1). */
export async function watchMain(argv: string[], out: (text: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  const o = parse(argv, { url: { type: 'string', default: 'ws://localhost:2567' }, table: { type: 'string' }, board: { type: 'boolean' } }, WATCH_USAGE);
  if (o.help) {
    out(`${WATCH_USAGE}\n`);
    return 0;
  }
  if (o.table === undefined) throw new UsageError(`--table is required\n${WATCH_USAGE}`);
  const live = (o.board as boolean | undefined) ?? process.stdout.isTTY === true;
  const table = await connect(o.url as string).spectate(o.table as string);
  const names = (s: number) => table.state.seats[s]?.name || `seat ${s}`;
  const allNames = () => [0, 1, 2, 3].map(names);
  const recent: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const redraw = () => {
    timer = null;
    // Clear the screen, then the board and the latest events below it.
    out(`\x1b[2J\x1b[H${renderTable(table.state, { names: allNames() })}\n\n${recent.join('\n')}\n`);
  };
  const line = (text: string) => {
    if (!live) return out(`${text}\n`);
    recent.push(text);
    if (recent.length > 12) recent.shift();
    timer ??= setTimeout(redraw, 50);
  };
  out(`watching table ${table.id}\n`);
  if (live) redraw();
  else out(`${renderTable(table.state, { names: allNames() })}\n`);
  table.on('change', () => {
    if (live) timer ??= setTimeout(redraw, 50);
  });
  table.on('event', (e) => {
    const text = describeEvent(e, names);
    if (text) line(text);
  });
  table.on('handEnded', () => {
    if (!live) out(`${renderTable(table.state, { names: allNames() })}\n`);
  });
  table.on('reconnecting', ({ attempt }) => line(`(connection lost: reconnecting, attempt ${attempt})`));
  table.on('reconnected', () => line('(reconnected)'));
  return new Promise((resolve) => {
    table.on('gameEnded', () => {
      if (timer) clearTimeout(timer);
      if (live) redraw();
      void table.leave().then(() => resolve(0));
    });
    table.on('leave', ({ code, reason }) => {
      if (table.state.phase !== 'gameOver') {
        out(`table closed (${code}${reason ? `: ${reason}` : ''})\n`);
        resolve(1);
      }
    });
  });
}
