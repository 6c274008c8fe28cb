import type { Four } from '@jantaku/shared/logs/tenhou6Types';
import type { GameRecord, SeatClaim } from './store/index';

const WINDS: Four<string> = ['East', 'South', 'West', 'North'];

/** Who sat where in a stored game, as the log exports write it (tenhou.net/6 `name`, mjai `start_game.names`, mjlog `<UN>`). */
export interface LogPlayers {
  names: Four<string>;
  /** Seats the server's bots played. */
  bots: boolean[];
}

/**
 * The players of a game by seat: the name its player claimed the seat with (cleaned when it was
 * claimed), `Bot (strategy)` for a server bot, and the seat's wind for a seat nobody took (the
 * server played it out).
 */
export function logPlayers(record: Pick<GameRecord, 'seats'>, claims: readonly SeatClaim[]): LogPlayers {
  const claimed = new Map(claims.map((c) => [c.seat, c.name]));
  const names = WINDS.map((wind, seat) => {
    const stored = record.seats[seat];
    if (stored?.kind === 'bot') return `Bot (${stored.bot ?? 'bot'})`;
    return claimed.get(seat) || stored?.name || wind;
  }) as Four<string>;
  return { names, bots: WINDS.map((_, seat) => record.seats[seat]?.kind === 'bot') };
}
