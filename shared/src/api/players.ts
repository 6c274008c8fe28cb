/**
 * Profiles, statistics and ratings as the server's HTTP answers show them (`GET /api/players/:name`,
 * `GET /api/leaderboards/:kind`): the one definition the server answers with and the client SDK reads.
 */

/**
 * A player's statistics over their finished games. Rates are fractions 0..1 (null with nothing
 * to divide by): wins, deal-ins, riichi and calls per hand, as Tenhou counts them; places per
 * game; tsumo per win. Values are the hands' points before honba and sticks.
 */
export interface PlayerStats {
  games: number;
  hands: number;
  averagePlacement: number | null;
  /** Rate of 1st, 2nd, 3rd and 4th places, per game. */
  placements: [number, number, number, number] | null;
  /** Counts of 1st..4th places. */
  placementCounts: [number, number, number, number];
  wins: number;
  tsumo: number;
  dealIns: number;
  riichi: number;
  calls: number;
  /** Per hand. */
  winRate: number | null;
  dealInRate: number | null;
  riichiRate: number | null;
  callRate: number | null;
  /** Per win. */
  tsumoRate: number | null;
  averageWin: number | null;
  averageDealIn: number | null;
  /** Average final table points. */
  averageScore: number | null;
  /** The referee's fouls by rule ID over all games (cancelled ones not counted). */
  fouls: Record<string, number>;
}

/** One game of a player's history, with links (paths on the server) to its replay and downloads. */
export interface PlayerGame {
  id: string;
  ruleset: string;
  status: 'open' | 'finished';
  created: string;
  finished: string | null;
  seat: number;
  /** 1..4 once the game is over. */
  placement: number | null;
  /** Final table points, and the score in global points (uma, oka, penalties), once over. */
  score: number | null;
  final: number | null;
  /** Who sat where (as the log exports name them). */
  players: string[];
  private: boolean;
  /** A service table's event (ranked, tournament, quick), if any. */
  event: unknown;
  /** The web client's replay page (`/#/replay/<id>`). */
  replay: string;
  /** tenhou.net/6 JSON, mjai and mjlog, once the game is over. */
  downloads: { tenhou6: string; mjai: string; mjlog: string } | null;
}

/** A rating in one game kind (a profile's `ratings`, and a leaderboard's rows). */
export interface Rating {
  kind: string;
  mu: number;
  sigma: number;
  /** Shown and ranked by: openskill's ordinal, mu - 3 sigma. */
  rating: number;
  games: number;
  dan: number;
  danName: string;
  danPoints: number;
}

/** A row of a kind's leaderboard, best first. */
export interface LeaderboardEntry extends Rating {
  rank: number;
  name: string;
}

/** A player's profile: ratings, a page of games (newest first) and statistics. */
export interface PlayerProfile {
  name: string;
  guest: boolean;
  bot: boolean;
  created: string;
  /** One per game kind the account has played rated games of. */
  ratings: Rating[];
  stats: PlayerStats;
  games: PlayerGame[];
  page: number;
  pages: number;
  total: number;
}
