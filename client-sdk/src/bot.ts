import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { tsumogiriBot } from '@jantaku/shared/bots/tsumogiri';
import type { Command, LegalAction, Seat, Standing } from '@jantaku/shared/game/types';
import type { TableView } from '@jantaku/shared/game/views';
import { connect } from './client';
import { JantakuError } from './errors';
import type { Table } from './table';
import type { ConnectOptions, CreateTableOptions } from './types';

/**
 * A player: given what its seat may know and may do, what to do. The pure strategies of
 * `@jantaku/shared/bots` fit; a bot may also think asynchronously (a remote AI, a person).
 */
export type Bot = (view: TableView, legal: LegalAction[]) => Command | Promise<Command>;

/** The built-in strategies, by name. */
export const strategies: Readonly<Record<'efficiency' | 'tsumogiri', Bot>> = { efficiency: efficiencyBot, tsumogiri: tsumogiriBot };

export interface PlayOptions {
  /** Stops playing (the table is left) and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Longest a bot may think, ms; then the fallback (tsumogiri) answers so the clock never runs out. Default 5000. */
  thinkMs?: number;
}

export interface RunBotOptions extends PlayOptions {
  /** The table to join; without it a new table is created with `create`. */
  table?: string;
  seat?: Seat;
  /** Options of the table to create (when `table` is not given). */
  create?: Omit<CreateTableOptions, 'seat' | 'playerName' | 'spectator'>;
  /** The player's name. */
  name?: string;
  /** Options of the connection (reconnection back-off, request timeout). */
  connect?: ConnectOptions;
  /** Called with the Table once seated (to watch its events). */
  onTable?: (table: Table) => void;
}

export interface BotResult {
  standings: Standing[];
  seat: Seat;
  tableId: string;
}

/** Time to think: `thinkMs`, less when the seat's clock (its `deadline`) runs out sooner, keeping a margin. */
function budget(table: Table, thinkMs: number): number {
  const mine = table.seat === null ? undefined : table.state.seats[table.seat];
  // A claim window's time is the table's (`claimDeadline`), for the seats it is offered to.
  const deadline = mine?.deadline || (mine?.own?.claimOffered ? table.state.claimDeadline : 0) || 0;
  if (!deadline) return thinkMs;
  return Math.max(200, Math.min(thinkMs, deadline - Date.now() - 500));
}

const stateKey = (t: Table): string => `${t.state.hands}:${t.state.actions}`;

/** `bot`'s answer within `ms`, or the fallback's if it throws or is late. */
async function think(bot: Bot, view: TableView, legal: LegalAction[], ms: number): Promise<Command> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(() => bot(view, legal)),
      new Promise<Command>((resolve) => (timer = setTimeout(() => resolve(tsumogiriBot(view, legal)), ms))),
    ]);
  } catch (e) {
    console.error('jantaku: the bot threw; playing tsumogiri for this move', e);
    return tsumogiriBot(view, legal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Plays an open table with `bot` until the game ends: acts whenever this seat has legal actions,
 * once per state (hands:actions), never with two requests in flight. A command the server
 * refuses while the state is unchanged is replaced by the tsumogiri fallback, so the table never
 * waits on a confused bot. Resolves with the final standings; the table stays open.
 */
export function play(table: Table, bot: Bot, options: PlayOptions = {}): Promise<Standing[]> {
  const thinkMs = options.thinkMs ?? 5000;
  return new Promise((resolve, reject) => {
    let busy = false;
    let settled = false;
    let actedAt = '';
    const offs: (() => void)[] = [];
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      offs.forEach((off) => off());
      options.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const step = async (): Promise<void> => {
      if (busy || settled || !table.connected) return;
      const state = table.state;
      if (!state?.seats?.length) return;
      if (state.phase === 'gameOver' && state.standings) return settle(() => resolve(JSON.parse(state.standings) as Standing[]));
      // Legal actions show before the table starts, but the server takes none until then.
      if (!state.started) return;
      const key = stateKey(table);
      const legal = table.legal;
      if (key === actedAt || legal.length === 0) return;
      actedAt = key;
      busy = true;
      try {
        const view = table.view();
        const command = await think(bot, view, legal, budget(table, thinkMs));
        try {
          await table.act(command);
        } catch (e) {
          const code = e instanceof JantakuError ? e.code : '';
          // Refused while nothing changed: the bot's command was wrong, not late. Answer safely.
          if (!['DISCONNECTED', 'TIMEOUT', 'LEFT'].includes(code) && stateKey(table) === key && table.legal.length > 0) {
            await table.act(tsumogiriBot(table.view(), table.legal)).catch(() => {});
          }
        }
      } finally {
        busy = false;
      }
      void step();
    };
    const onAbort = () => {
      void table.leave();
      settle(() => reject(options.signal?.reason ?? new JantakuError('ABORTED', 'stopped')));
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    offs.push(
      table.on('change', () => void step()),
      table.on('reconnected', () => {
        // What was sent before the drop may not have arrived: look again.
        actedAt = '';
        void step();
      }),
      table.on('leave', ({ code, reason }) => {
        const s = table.state;
        if (s?.phase === 'gameOver' && s.standings) settle(() => resolve(JSON.parse(s.standings) as Standing[]));
        else settle(() => reject(new JantakuError('LEFT', `left the table before the game ended (${code}${reason ? `: ${reason}` : ''})`)));
      }),
    );
    void step();
  });
}

/**
 * Seats `bot` at a table (`table`, or a new one made with `create`) and plays until the game
 * ends; then leaves. Reconnects by itself after a dropped connection.
 */
export async function runBot(url: string, bot: Bot, options: RunBotOptions = {}): Promise<BotResult> {
  const client = connect(url, options.connect);
  const seat = options.seat !== undefined ? { seat: options.seat } : {};
  const table =
    options.table !== undefined
      ? await client.join(options.table, { ...seat, ...(options.name !== undefined ? { name: options.name } : {}) })
      : await client.create({ ...options.create, ...seat, ...(options.name !== undefined ? { playerName: options.name } : {}) });
  options.onTable?.(table);
  try {
    const standings = await play(table, bot, options);
    return { standings, seat: table.seat as Seat, tableId: table.id };
  } finally {
    await table.leave();
  }
}
