import type { PenaltyRecord, Standing } from '@jantaku/shared/game/types';
import type { FaultRecord } from '@jantaku/shared/referee/referee';
import { globalScores, rankingOf, reduceTournament, type PlayerScore, type RankingRow, type TournamentEvent, type TournamentState } from '@jantaku/shared/referee/tournament';
import type { Table } from './seating';

/**
 * The tournament book (pure): the audit log's lines folded into what the service answers with.
 * The log is append-only; a decision that changes an earlier one (an overturned ruling) is a new
 * line, and the ledger's events are derived from all the lines each time, so the tournament
 * layer (`reduceTournament`) sees the effective events and the log keeps every line as written.
 */

/** What a game said when its result or progress was taken: its penalty ledger and faults as the referee recorded them. */
export interface GameRecordOf {
  game: string;
  penalties: PenaltyRecord[];
  faults: FaultRecord[];
}

export type LineBody =
  /** A ledger event; a game's `progress`/`result` carries the game's own records. */
  | { kind: 'event'; event: TournamentEvent; reason?: string; source?: GameRecordOf }
  /** A round's seating (before it starts). */
  | { kind: 'seated'; round: number; tables: Table[]; repeatPairs: number }
  /** Two seats of a round exchanged before it starts. */
  | { kind: 'swap'; round: number; a: string; b: string; reason: string }
  | { kind: 'started'; round: number }
  /** A table's game for a hanchan. */
  | { kind: 'table'; round: number; table: number; hanchan: string; game: string }
  /** The organiser ended a running hanchan after the hand in play (`hand`: hands dealt when asked), with why. */
  | { kind: 'end'; hanchan: string; game: string; hand: number; reason: string }
  /** A ruling (automatic `hanchan.index`, or manual `L<seq>`) undone, with why. */
  | { kind: 'overturn'; ruling: string; reason: string };

export type Line = LineBody & { seq: number; at: number; by: string };

export interface HanchanInfo {
  id: string;
  round: number;
  table: number;
  /** Index of the hanchan at its table within the round (0-based). */
  index: number;
  seats: string[];
  game: string | null;
  /** Ended early by the organiser (its `end` line), or null. */
  ended: { by: string; at: number; hand: number; reason: string } | null;
}

export interface RoundInfo {
  round: number;
  tables: Table[];
  repeatPairs: number;
  started: boolean;
  hanchans: HanchanInfo[];
}

export interface Book {
  lines: Line[];
  /** The ledger's effective events (overturns applied). */
  events: TournamentEvent[];
  state: TournamentState;
  rounds: RoundInfo[];
  /** Game id → hanchan id. */
  games: Map<string, string>;
  /** Ruling id → the line that overturned it. */
  overturned: Map<string, Line>;
}

export const hanchanId = (round: number, table: number, index: number): string => `r${round}t${table + 1}h${index + 1}`;
export const manualRuling = (seq: number): string => `L${seq}`;
export const autoRuling = (hanchan: string, index: number): string => `${hanchan}.${index}`;

const round1 = (x: number) => Math.round(x * 10) / 10;

/** A game's result or progress with the overturned faults cancelled and their penalty points given back. */
function withOverturns(e: TournamentEvent, source: GameRecordOf | undefined, overturned: Map<string, Line>): TournamentEvent {
  if (e.type !== 'result' && e.type !== 'progress') return e;
  const undone = e.faults.map((_, i) => overturned.has(autoRuling(e.hanchan, i)));
  if (!undone.some(Boolean)) return e;
  const faults = e.faults.map((f, i) => (undone[i] ? { ...f, cancelled: true } : f));
  // The penalty points each overturned fault cost: its seat's ledger line of the same rule and hand.
  const used = new Set<number>();
  const refunds: PenaltyRecord[] = [];
  (source?.faults ?? []).forEach((f, i) => {
    if (!undone[i]) return;
    const at = (source?.penalties ?? []).findIndex((p, k) => !used.has(k) && p.seat === f.seat && p.rule === f.rule && p.hand === f.hand);
    if (at < 0) return;
    used.add(at);
    refunds.push(source!.penalties[at]);
  });
  if (e.type === 'progress') return { ...e, faults, penalties: e.penalties.filter((p) => !refunds.some((r) => r.seat === p.seat && r.rule === p.rule && r.hand === p.hand)) };
  const standings: Standing[] = e.standings.map((s) => {
    const back = refunds.filter((r) => r.seat === s.seat).reduce((n, r) => n + r.points, 0);
    return back === 0 ? s : { ...s, penalty: round1(s.penalty - back), final: round1(s.final + back) };
  });
  return { ...e, faults, standings };
}

export function readBook(name: string, lines: readonly Line[]): Book {
  const overturned = new Map<string, Line>();
  for (const l of lines) if (l.kind === 'overturn') overturned.set(l.ruling, l);
  const events: TournamentEvent[] = [];
  const rounds = new Map<number, RoundInfo>();
  const games = new Map<string, string>();
  for (const l of lines) {
    switch (l.kind) {
      case 'event':
        if (l.event.type === 'penalty' && overturned.has(manualRuling(l.seq))) break;
        events.push(withOverturns(l.event, l.source, overturned));
        if (l.event.type === 'schedule') {
          const m = /^r(\d+)t(\d+)h(\d+)$/.exec(l.event.id);
          const r = m ? rounds.get(Number(m[1])) : undefined;
          if (m && r) r.hanchans.push({ id: l.event.id, round: r.round, table: Number(m[2]) - 1, index: Number(m[3]) - 1, seats: [...l.event.seats], game: null, ended: null });
        }
        break;
      case 'seated':
        rounds.set(l.round, { round: l.round, tables: l.tables.map((t) => [...t] as Table), repeatPairs: l.repeatPairs, started: false, hanchans: [] });
        break;
      case 'swap': {
        const r = rounds.get(l.round)!;
        for (const t of r.tables)
          t.forEach((p, i) => {
            if (p === l.a) t[i] = l.b;
            else if (p === l.b) t[i] = l.a;
          });
        break;
      }
      case 'started':
        rounds.get(l.round)!.started = true;
        break;
      case 'table': {
        const h = rounds.get(l.round)?.hanchans.find((x) => x.id === l.hanchan);
        if (h) h.game = l.game;
        games.set(l.game, l.hanchan);
        break;
      }
      case 'end': {
        const h = [...rounds.values()].flatMap((r) => r.hanchans).find((x) => x.id === l.hanchan);
        if (h) h.ended = { by: l.by, at: l.at, hand: l.hand, reason: l.reason };
        break;
      }
      case 'overturn':
        break;
    }
  }
  return { lines: [...lines], events, state: reduceTournament(events, name), rounds: [...rounds.values()].sort((a, b) => a.round - b.round), games, overturned };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// What the routes show
// ─────────────────────────────────────────────────────────────────────────────────────────────

export interface StandingRow {
  rank: number | null;
  /** The player's name. */
  player: string;
  id: string;
  role: 'player' | 'substitute';
  total: number;
  /** Penalty points in all: the games' (finished and in progress) and the ledger's. */
  penalties: number;
  /** Σ of the hanchans' table points (the EMA's "score"). */
  tablePoints: number;
  games: number;
  ledger: number;
  disqualified: string | null;
  hanchans: PlayerScore['hanchans'];
}

/** The standings: ranked players by rank, then substitutes and the disqualified (unranked). */
export function standingsOf(state: TournamentState): StandingRow[] {
  const ranking: RankingRow[] = rankingOf(state);
  const rankOf = new Map(ranking.map((r) => [r.player, r.rank]));
  const rows = globalScores(state).map((s) => ({
    rank: rankOf.get(s.player) ?? null,
    player: s.name,
    id: s.player,
    role: s.role,
    total: s.total,
    penalties: round1(s.hanchans.reduce((n, h) => n + (h.kind === 'played' || h.kind === 'inProgress' ? h.gamePenalty : 0), 0) + s.ledger),
    tablePoints: s.hanchans.reduce((n, h) => n + (h.points ?? 0), 0),
    games: s.games,
    ledger: s.ledger,
    disqualified: s.disqualified?.rule ?? null,
    hanchans: s.hanchans,
  }));
  const order = new Map(ranking.map((r, i) => [r.player, i]));
  return rows.sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity));
}

export interface Ruling {
  id: string;
  at: string;
  kind: 'automatic' | 'manual';
  hanchan: string | null;
  game: string | null;
  seat: number | null;
  /** The player's id, and name. */
  player: string | null;
  name: string | null;
  rule: string;
  penalty: unknown;
  points: number;
  reason: string;
  by: string;
  hand: number | null;
  /** Where the replay shows it (the web's replay of that game, at that hand). */
  replay: string | null;
  /** The game itself cancelled it (a chombo and a win at the same time): it never counted. */
  cancelled: boolean;
  overturned: { by: string; at: string; reason: string } | null;
}

/**
 * Every ruling of the event, newest first: the games' automatic ones (as the latest result or
 * progress of each game gives them) and the referee's manual ones, each with whether it stands.
 */
export function rulingsOf(book: Book): Ruling[] {
  const out: { seq: number; i: number; r: Ruling }[] = [];
  const latest = new Map<string, Line & { kind: 'event' }>();
  for (const l of book.lines) if (l.kind === 'event' && (l.event.type === 'result' || l.event.type === 'progress') && l.source) latest.set(l.event.hanchan, l);
  const iso = (ms: number) => new Date(ms).toISOString();
  const names = new Map(book.state.people.map((p) => [p.id, p.name]));
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? id));
  const undo = (id: string) => {
    const o = book.overturned.get(id);
    return o && o.kind === 'overturn' ? { by: o.by, at: iso(o.at), reason: o.reason } : null;
  };
  // When a fault was first seen: the first line whose game record holds it.
  const firstSeen = new Map<string, Line>();
  for (const l of book.lines)
    if (l.kind === 'event' && l.source && (l.event.type === 'result' || l.event.type === 'progress')) {
      const h = l.event.hanchan;
      l.source.faults.forEach((_, i) => {
        if (!firstSeen.has(autoRuling(h, i))) firstSeen.set(autoRuling(h, i), l);
      });
    }
  for (const [h, l] of latest) {
    const hs = book.state.hanchans.find((x) => x.id === h);
    l.source!.faults.forEach((f, i) => {
      const id = autoRuling(h, i);
      const seen = firstSeen.get(id) ?? l;
      const player = hs?.faultOwners[i] ?? hs?.seats[f.seat] ?? null;
      const points = l.source!.penalties.filter((p) => p.seat === f.seat && p.rule === f.rule && p.hand === f.hand).reduce((n, p) => n + p.points, 0);
      out.push({
        seq: seen.seq,
        i,
        r: {
          id,
          at: iso(seen.at),
          kind: 'automatic',
          hanchan: h,
          game: l.source!.game,
          seat: f.seat,
          player,
          name: nameOf(player),
          rule: f.rule,
          penalty: f.penalty,
          points,
          reason: f.reason,
          by: 'referee (automatic)',
          hand: f.hand,
          replay: `/#/replay/${encodeURIComponent(l.source!.game)}?hand=${f.hand}`,
          cancelled: f.cancelled === true,
          overturned: undo(id),
        },
      });
    });
  }
  for (const l of book.lines) {
    if (l.kind !== 'event' || l.event.type !== 'penalty') continue;
    const e = l.event;
    const id = manualRuling(l.seq);
    const game = e.hanchan ? ([...book.games].find(([, h]) => h === e.hanchan)?.[0] ?? null) : null;
    out.push({
      seq: l.seq,
      i: 0,
      r: {
        id,
        at: iso(l.at),
        kind: 'manual',
        hanchan: e.hanchan ?? null,
        game,
        seat: null,
        player: e.player,
        name: nameOf(e.player),
        rule: e.rule,
        penalty: { kind: 'points', points: e.points },
        points: e.points,
        reason: l.reason ?? e.note ?? '',
        by: l.by,
        hand: null,
        replay: game ? `/#/replay/${encodeURIComponent(game)}` : null,
        cancelled: false,
        overturned: undo(id),
      },
    });
  }
  return out.sort((a, b) => b.seq - a.seq || b.i - a.i).map((x) => x.r);
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused (spreadsheets run it). */
export function csvField(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csv = (header: string[], rows: unknown[][]): string => [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
