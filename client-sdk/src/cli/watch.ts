import { connect } from '../client';
import { describeEvent, renderTable } from '../format';
import { printable } from '@jantaku/shared/text';
import { parse, UsageError } from './args';

/** Server text for the terminal: each line's non-printable characters escaped, so no escape sequence of the server's (or a player's) reaches it. */
const safe = (text: string) => text.split('\n').map(printable).join('\n');

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
  const names = (s: number) => printable(table.state.seats[s]?.name || `seat ${s}`);
  const allNames = () => [0, 1, 2, 3].map(names);
  const recent: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const redraw = () => {
    timer = null;
    // Clear the screen, then the board and the latest events below it.
    out(`\x1b[2J\x1b[H${safe(renderTable(table.state, { names: allNames() }))}\n\n${safe(recent.join('\n'))}\n`);
  };
  const line = (text: string) => {
    text = safe(text);
    if (!live) return out(`${text}\n`);
    recent.push(text);
    if (recent.length > 12) recent.shift();
    timer ??= setTimeout(redraw, 50);
  };
  out(`watching table ${safe(table.id)}\n`);
  if (live) redraw();
  else out(`${safe(renderTable(table.state, { names: allNames() }))}\n`);
  table.on('change', () => {
    if (live) timer ??= setTimeout(redraw, 50);
  });
  table.on('event', (e) => {
    const text = describeEvent(e, names);
    if (text) line(text);
  });
  table.on('handEnded', () => {
    if (!live) out(`${safe(renderTable(table.state, { names: allNames() }))}\n`);
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
        out(`table closed (${code}${reason ? `: ${safe(String(reason))}` : ''})\n`);
        resolve(1);
      }
    });
  });
}
