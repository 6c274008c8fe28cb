/**
 * A tournament's answers that the client SDK reads (`GET /api/tournaments/:id/next`): the one
 * definition the server answers with and the SDK reads.
 */

/** Where a tournament's player plays next: the seated round's table, and its game once made. */
export interface NextTable {
  round: number;
  /** Counted from 1. */
  table: number;
  seat: number;
  hanchan: string | null;
  /** The table to join (`join(game)`: the account is seated at its own seat); null until the round starts. */
  game: string | null;
  status: 'seated' | 'playing';
  /** The web client's page of that table, once the game is made. */
  join?: string | null;
}
