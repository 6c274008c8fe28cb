import { finalStandings } from '../game/end';
import type { PenaltyRecord, Seat, Standing } from '../game/types';
import { makeRuleset } from '../rules/index';
import { entryOf } from './catalogue';
import { isRuleId } from './ids';
import {
  TournamentConfigSchema,
  TournamentDataSchema,
  TournamentEventSchema,
  WRC_TOURNAMENT,
  type GameFault,
  type TournamentConfig,
  type TournamentData,
  type TournamentEvent,
} from './tournamentEvents';

export {
  TournamentConfigSchema,
  TournamentDataSchema,
  TournamentEventSchema,
  WRC_TOURNAMENT,
  type GameFault,
  type TournamentConfig,
  type TournamentData,
  type TournamentEvent,
} from './tournamentEvents';

/**
 * The tournament layer (docs/REFEREE.md §3.5, §3.9): players and substitutes, hanchans of four
 * with their rulesets, the games' results, the penalty-point ledger outside games, late
 * arrivals, missed hanchans, abandoned and void hanchans, cheating and disqualification, global
 * scores and the ranking.
 *
 * Pure: a tournament is a list of events; `reduceTournament` folds them into a state, and every
 * score is computed from that state. No clock, no I/O; the same events give the same state, so
 * the serialised form (`toJSON`) is the event list and nothing else.
 *
 * Global score of a player = Σ over finished hanchans of the seat's `Standing.final` (uma, oka
 * and the game's own penalty points already in it) − penalty points of games in progress −
 * ledger points outside games (late, missed, referee's points). 1 global point = 1,000 table
 * points (WRC-P-POINTS-RATE).
 */

export class TournamentError extends Error {
  override name = 'TournamentError';
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// State
// ─────────────────────────────────────────────────────────────────────────────────────────────

export interface Disqualification {
  rule: string;
  note?: string;
  /** RUS-CHOMBO-J-REPEAT: banned from tournaments for the current year. */
  ban?: 'currentYear';
  /** The hanchan whose game recorded it, when it came from a game's faults. */
  hanchan?: string;
}

export interface Person {
  id: string;
  name: string;
  /** Substitutes are never ranked (WRC-F-MISSED-SUB-SCORE). */
  role: 'player' | 'substitute';
  disqualified: Disqualification | null;
  /** Cheating attempts under RUS-CHOMBO-J (games' faults and outside ones); the second disqualifies. */
  cheats: number;
}

export interface Absence {
  player: string;
  seat: Seat;
  /** Why the player did not play the hanchan (or its end). */
  rule: 'WRC-F-MISSED-PENALTY' | 'WRC-F-LATE-OVER-10' | 'RUS-SPECIAL-ABANDON';
  lateMs?: number;
  note?: string;
}

export interface Abandon {
  seat: Seat;
  player: string;
  /** Who finished the seat: a substitute's id, or the server by tsumogiri. */
  finishedBy: string | 'tsumogiri';
  /** Treated as a missed hanchan (0 for it and the missed points) instead of keeping the seat's result. */
  missed: boolean;
  note?: string;
}

export interface Reseat {
  seat: Seat;
  /** Who held the seat before (null: nobody, auto-played). */
  from: string | null;
  to: string;
  /** The first hand (0-based) the seat is `to`'s. */
  hand: number;
  note?: string;
}

export type HanchanStatus = 'scheduled' | 'inProgress' | 'finished' | 'void';

export interface HanchanState {
  id: string;
  ruleset: string;
  /** Scheduled start (ms), from which lateness is measured (WRC-F-LATE). */
  start: number | null;
  /** The players as scheduled, by seat. */
  seats: string[];
  /** Who plays each seat now (a substitute after a replacement; null: nobody, auto-played). */
  players: (string | null)[];
  /** Whose score each seat's result is (null: nobody's). */
  credit: (string | null)[];
  status: HanchanStatus;
  arrivals: { player: string; lateMs: number }[];
  absences: Absence[];
  abandons: Abandon[];
  /** Seatings corrected during the hanchan (`reseat`), in order. */
  reseats: Reseat[];
  /** The game's standings once finished, by rank as the engine gives them. */
  standings: Standing[] | null;
  /** The game's penalty ledger while it is in progress (after the result, in `standings`). */
  penalties: PenaltyRecord[];
  /** The game's faults (as last reported), and who committed each. */
  faults: GameFault[];
  faultOwners: string[];
  void: { rule: string; note?: string } | null;
}

export interface LedgerLine {
  player: string;
  rule: string;
  points: number;
  note?: string;
  hanchan?: string;
  /** False when a later decision absorbs the line (late points under WRC-F-MISSED-LATE-CAP). */
  counted: boolean;
  cappedBy?: 'WRC-F-MISSED-LATE-CAP';
}

export interface OutsideCheat {
  player: string;
  rule: 'WRC-F-CHEAT' | 'RUS-CHOMBO-J';
  hanchan?: string;
  note?: string;
}

export interface TournamentState {
  name: string;
  config: TournamentConfig;
  /** Players and substitutes, in registration order. */
  people: Person[];
  hanchans: HanchanState[];
  ledger: LedgerLine[];
  cheats: OutsideCheat[];
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Late arrival
// ─────────────────────────────────────────────────────────────────────────────────────────────

export type LateOutcome =
  | { rule: null; points: 0 }
  | { rule: 'WRC-F-LATE-1-10'; points: number }
  /** Replaced for the hanchan; the missed-hanchan points in all (WRC-F-MISSED-LATE-CAP). */
  | { rule: 'WRC-F-LATE-OVER-10'; points: number; substitute: true };

/**
 * The penalty for arriving `lateMs` after the table's start: nothing on time; 1 point per
 * started minute up to 10 minutes (WRC-F-LATE-1-10, D24); beyond, a substitute and the missed
 * hanchan's 30 points, the late points not added (WRC-F-LATE-OVER-10, WRC-F-MISSED-LATE-CAP).
 */
export function latePenalty(lateMs: number, config: TournamentConfig = WRC_TOURNAMENT): LateOutcome {
  if (!Number.isFinite(lateMs) || lateMs < 0) throw new TournamentError(`lateness must be a number of ms ≥ 0, not ${lateMs}`);
  if (lateMs === 0) return { rule: null, points: 0 };
  if (lateMs > config.lateLimitMs) return { rule: 'WRC-F-LATE-OVER-10', points: config.missedPoints, substitute: true };
  return { rule: 'WRC-F-LATE-1-10', points: Math.ceil(lateMs / config.lateUnitMs) * config.latePointsPerUnit };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// The reducer
// ─────────────────────────────────────────────────────────────────────────────────────────────

export function emptyTournament(name = '', config: TournamentConfig = WRC_TOURNAMENT): TournamentState {
  return { name, config: { ...config }, people: [], hanchans: [], ledger: [], cheats: [] };
}

/** The state after `events`; throws TournamentError at the first event that does not apply. */
export function reduceTournament(events: readonly TournamentEvent[], name = '', config: TournamentConfig = WRC_TOURNAMENT): TournamentState {
  let state = emptyTournament(name, config);
  events.forEach((e, i) => {
    try {
      state = step(state, e);
    } catch (err) {
      if (err instanceof TournamentError) throw new TournamentError(`event ${i} (${e.type}): ${err.message}`);
      throw err;
    }
  });
  return state;
}

/** The state after one more event (a new object; `state` is not changed). */
export function step(state: TournamentState, event: TournamentEvent): TournamentState {
  const s = structuredClone(state);
  applyEvent(s, event);
  settleCheats(s);
  return s;
}

const fail = (message: string): never => {
  throw new TournamentError(message);
};

function person(s: TournamentState, id: string): Person {
  return s.people.find((p) => p.id === id) ?? fail(`no player or substitute "${id}"`);
}

function hanchan(s: TournamentState, id: string): HanchanState {
  return s.hanchans.find((h) => h.id === id) ?? fail(`no hanchan "${id}"`);
}

function seatOf(h: HanchanState, player: string): Seat {
  const seat = h.seats.indexOf(player);
  if (seat < 0) fail(`"${player}" is not seated in hanchan "${h.id}"`);
  return seat as Seat;
}

function expectStatus(h: HanchanState, ...ok: HanchanStatus[]): void {
  if (!ok.includes(h.status)) fail(`hanchan "${h.id}" is ${h.status}`);
}

function absent(h: HanchanState, player: string): boolean {
  return h.absences.some((a) => a.player === player);
}

/** A substitute may take a seat: registered as a substitute, not disqualified, not already at this table. */
function checkSubstitute(s: TournamentState, h: HanchanState, id: string): void {
  const p = person(s, id);
  if (p.role !== 'substitute') fail(`"${id}" is not registered as a substitute (players are ranked; substitutes are not)`);
  if (p.disqualified) fail(`"${id}" is disqualified`);
  if (h.players.includes(id)) fail(`"${id}" already plays in hanchan "${h.id}"`);
}

/** The player is replaced for the whole hanchan: absent, 0 for it, the missed points (late points absorbed). */
function markMissed(s: TournamentState, h: HanchanState, absence: Absence, substitute: string | undefined, note: string): void {
  const { player, seat } = absence;
  if (substitute !== undefined) checkSubstitute(s, h, substitute);
  h.absences.push(absence);
  h.players[seat] = substitute ?? null;
  h.credit[seat] = substitute ?? null;
  for (const line of s.ledger)
    if (line.player === player && line.hanchan === h.id && line.rule === 'WRC-F-LATE-1-10' && line.counted) {
      line.counted = false;
      line.cappedBy = 'WRC-F-MISSED-LATE-CAP';
    }
  s.ledger.push({ player, rule: 'WRC-F-MISSED-PENALTY', points: s.config.missedPoints, note, hanchan: h.id, counted: true });
}

function notDisqualified(p: Person): void {
  if (p.disqualified) fail(`"${p.id}" is disqualified (${p.disqualified.rule}) and plays no more of the tournament: name a substitute`);
}

/** A rule under which a referee may disqualify: its penalty is a disqualification or a discretion that allows one. */
export function allowsDisqualification(rule: string): boolean {
  if (!isRuleId(rule)) return false;
  const p = entryOf(rule).penalty;
  if (p === null) return false;
  if (p.kind === 'disqualification') return true;
  return p.kind === 'discretion' && (p.range === undefined || p.range.length === 0 || p.range.includes('disqualification'));
}

function disqualify(p: Person, dq: Disqualification): void {
  if (p.disqualified) return;
  p.disqualified = dq;
}

/** The game's faults, attributed: earlier faults keep their owner; new ones go to whoever plays the seat now. */
function takeFaults(h: HanchanState, faults: readonly GameFault[]): void {
  const owners = faults.map((f, i) => {
    const old = h.faults[i];
    if (old !== undefined && old.seat === f.seat && old.rule === f.rule) return h.faultOwners[i];
    return h.players[f.seat] ?? h.seats[f.seat];
  });
  h.faults = faults.map((f) => structuredClone(f));
  h.faultOwners = owners;
}

function applyEvent(s: TournamentState, e: TournamentEvent): void {
  switch (e.type) {
    case 'register': {
      if (s.people.some((p) => p.id === e.id)) fail(`"${e.id}" is already registered`);
      s.people.push({ id: e.id, name: e.name, role: e.role, disqualified: null, cheats: 0 });
      return;
    }
    case 'schedule': {
      if (s.hanchans.some((h) => h.id === e.id)) fail(`hanchan "${e.id}" already exists`);
      if (new Set(e.seats).size !== 4) fail('a hanchan needs four different players');
      const fill = new Set<number>(e.fill ?? []);
      e.seats.forEach((id, seat) => {
        const p = person(s, id);
        if (fill.has(seat) && p.role !== 'substitute') fail(`"${id}" fills seat ${seat} but is not a substitute`);
        if (!fill.has(seat) && p.role !== 'player') fail(`"${id}" is a substitute: substitutes take seats by replacement, or fill a seat named in \`fill\``);
        notDisqualified(p);
      });
      s.hanchans.push({
        id: e.id,
        ruleset: e.ruleset,
        start: e.start ?? null,
        seats: [...e.seats],
        players: [...e.seats],
        credit: [...e.seats],
        status: 'scheduled',
        arrivals: [],
        absences: [],
        abandons: [],
        reseats: [],
        standings: null,
        penalties: [],
        faults: [],
        faultOwners: [],
        void: null,
      });
      return;
    }
    case 'late': {
      const h = hanchan(s, e.hanchan);
      expectStatus(h, 'scheduled');
      const seat = seatOf(h, e.player);
      notDisqualified(person(s, e.player));
      if (absent(h, e.player)) fail(`"${e.player}" is already recorded absent from hanchan "${h.id}"`);
      if (h.arrivals.some((a) => a.player === e.player)) fail(`"${e.player}" has already arrived at hanchan "${h.id}"`);
      const outcome = latePenalty(e.lateMs, s.config);
      if (outcome.rule === 'WRC-F-LATE-OVER-10') {
        const min = (e.lateMs / 60_000).toFixed(1);
        markMissed(s, h, { player: e.player, seat, rule: 'WRC-F-LATE-OVER-10', lateMs: e.lateMs }, e.substitute, `${min} min late: replaced (WRC-F-LATE-OVER-10); the late points are not added (WRC-F-MISSED-LATE-CAP)`);
        return;
      }
      if (e.substitute !== undefined) fail(`"${e.player}" is not more than ${s.config.lateLimitMs / 60_000} minutes late: no substitute`);
      h.arrivals.push({ player: e.player, lateMs: e.lateMs });
      if (outcome.points > 0) s.ledger.push({ player: e.player, rule: 'WRC-F-LATE-1-10', points: outcome.points, note: `${Math.ceil(e.lateMs / 1000)} s late`, hanchan: h.id, counted: true });
      return;
    }
    case 'missed': {
      const h = hanchan(s, e.hanchan);
      expectStatus(h, 'scheduled');
      const seat = seatOf(h, e.player);
      notDisqualified(person(s, e.player));
      if (absent(h, e.player)) fail(`"${e.player}" is already recorded absent from hanchan "${h.id}"`);
      markMissed(s, h, { player: e.player, seat, rule: 'WRC-F-MISSED-PENALTY', ...(e.note !== undefined ? { note: e.note } : {}) }, e.substitute, e.note ?? 'missed hanchan');
      return;
    }
    case 'substitute': {
      const h = hanchan(s, e.hanchan);
      expectStatus(h, 'scheduled');
      const seat = seatOf(h, e.player);
      if (!absent(h, e.player) && !person(s, e.player).disqualified) fail(`"${e.player}" is neither absent from hanchan "${h.id}" nor disqualified`);
      h.players[seat] = null; // the seat's previous substitute (if any) leaves it
      checkSubstitute(s, h, e.substitute);
      h.players[seat] = e.substitute;
      h.credit[seat] = e.substitute;
      return;
    }
    case 'abandon': {
      const h = hanchan(s, e.hanchan);
      expectStatus(h, 'scheduled', 'inProgress');
      const seat = h.players.indexOf(e.player);
      if (seat < 0) fail(`"${e.player}" does not play in hanchan "${h.id}"`);
      if (e.substitute !== undefined) checkSubstitute(s, h, e.substitute);
      const missed = e.missed === true;
      h.abandons.push({ seat: seat as Seat, player: e.player, finishedBy: e.substitute ?? 'tsumogiri', missed, ...(e.note !== undefined ? { note: e.note } : {}) });
      h.status = 'inProgress';
      if (missed) {
        h.players[seat] = null;
        markMissed(s, h, { player: e.player, seat: seat as Seat, rule: 'RUS-SPECIAL-ABANDON', ...(e.note !== undefined ? { note: e.note } : {}) }, e.substitute, 'left the hanchan: treated as missed');
      } else {
        // RUS-SPECIAL-ABANDON: the results count, the seat's one for the player who held it.
        h.players[seat] = e.substitute ?? null;
      }
      return;
    }
    case 'reseat': {
      const h = hanchan(s, e.hanchan);
      expectStatus(h, 'scheduled', 'inProgress');
      const players = [...h.players];
      for (const c of e.seats) {
        if (h.absences.some((a) => a.seat === c.seat) || h.abandons.some((a) => a.seat === c.seat)) fail(`seat ${c.seat} of hanchan "${h.id}" has an absence or an abandon on record: that decision stands`);
        notDisqualified(person(s, c.player));
        players[c.seat] = c.player;
      }
      if (new Set(e.seats.map((c) => c.seat)).size !== e.seats.length) fail('a seat is corrected once per event');
      const held = players.filter((p) => p !== null);
      if (new Set(held).size !== held.length) fail(`a player would hold two seats of hanchan "${h.id}"`);
      for (const c of e.seats) {
        if (h.players.includes(c.player)) continue;
        const other = s.hanchans.find((x) => x !== h && (x.status === 'scheduled' || x.status === 'inProgress') && x.players.includes(c.player));
        if (other) fail(`"${c.player}" plays in hanchan "${other.id}"`);
      }
      // One seat, one result: it counts for whoever holds the seat when the hanchan ends.
      for (const c of e.seats) {
        h.reseats.push({ seat: c.seat, from: h.players[c.seat], to: c.player, hand: e.hand, ...(e.note !== undefined ? { note: e.note } : {}) });
        h.seats[c.seat] = c.player;
        h.credit[c.seat] = c.player;
      }
      h.players = players;
      return;
    }
    case 'void': {
      const h = hanchan(s, e.hanchan);
      expectStatus(h, 'scheduled', 'inProgress');
      if (!isRuleId(e.rule)) fail(`unknown rule ${e.rule}`);
      h.status = 'void';
      h.void = { rule: e.rule, ...(e.note !== undefined ? { note: e.note } : {}) };
      return;
    }
    case 'progress': {
      const h = hanchan(s, e.hanchan);
      expectStatus(h, 'scheduled', 'inProgress');
      h.status = 'inProgress';
      h.penalties = e.penalties.map((p) => ({ seat: p.seat, rule: p.rule, points: p.points, hand: p.hand }));
      takeFaults(h, e.faults);
      return;
    }
    case 'result': {
      const h = hanchan(s, e.hanchan);
      expectStatus(h, 'scheduled', 'inProgress');
      const seats = new Set(e.standings.map((x) => x.seat));
      if (seats.size !== 4) fail('the standings must give each of the four seats once');
      h.status = 'finished';
      h.standings = e.standings.map((x) => ({ seat: x.seat, rank: x.rank, points: x.points, penalty: x.penalty, final: x.final }));
      h.penalties = [];
      takeFaults(h, e.faults);
      return;
    }
    case 'penalty': {
      person(s, e.player);
      if (!isRuleId(e.rule)) fail(`unknown rule ${e.rule}`);
      if (e.hanchan !== undefined) hanchan(s, e.hanchan);
      // A late-arrival entry for a hanchan the player was replaced in is absorbed (WRC-F-MISSED-LATE-CAP).
      const capped = e.rule === 'WRC-F-LATE-1-10' && e.hanchan !== undefined && absent(hanchan(s, e.hanchan), e.player);
      s.ledger.push({
        player: e.player,
        rule: e.rule,
        points: e.points,
        ...(e.note !== undefined ? { note: e.note } : {}),
        ...(e.hanchan !== undefined ? { hanchan: e.hanchan } : {}),
        counted: !capped,
        ...(capped ? { cappedBy: 'WRC-F-MISSED-LATE-CAP' as const } : {}),
      });
      return;
    }
    case 'cheat': {
      const p = person(s, e.player);
      if (e.hanchan !== undefined) hanchan(s, e.hanchan);
      s.cheats.push({ player: e.player, rule: e.rule, ...(e.hanchan !== undefined ? { hanchan: e.hanchan } : {}), ...(e.note !== undefined ? { note: e.note } : {}) });
      // WRC-F-CHEAT: disqualified at once. RUS-CHOMBO-J is counted in settleCheats.
      if (e.rule === 'WRC-F-CHEAT') disqualify(p, { rule: 'WRC-F-CHEAT', ...(e.note !== undefined ? { note: e.note } : {}) });
      return;
    }
    case 'disqualify': {
      const p = person(s, e.player);
      if (!allowsDisqualification(e.rule)) fail(`${e.rule} does not allow a disqualification`);
      if (p.disqualified) fail(`"${e.player}" is already disqualified (${p.disqualified.rule})`);
      disqualify(p, { rule: e.rule, ...(e.note !== undefined ? { note: e.note } : {}), ...(e.ban !== undefined ? { ban: e.ban } : {}) });
      return;
    }
  }
}

/**
 * Cheating counted from scratch after every event: outside ones and the games' RUS-CHOMBO-J
 * faults (not cancelled). A game's fault whose penalty is a disqualification disqualifies its
 * owner; a second RUS-CHOMBO-J disqualifies with a ban for the year (RUS-CHOMBO-J-REPEAT).
 */
function settleCheats(s: TournamentState): void {
  const count = new Map<string, number>();
  const add = (id: string) => count.set(id, (count.get(id) ?? 0) + 1);
  for (const c of s.cheats) if (c.rule === 'RUS-CHOMBO-J') add(c.player);
  for (const h of s.hanchans)
    h.faults.forEach((f, i) => {
      if (f.cancelled) return;
      const owner = s.people.find((p) => p.id === h.faultOwners[i]);
      if (!owner) return;
      if (f.rule === 'RUS-CHOMBO-J') add(owner.id);
      if (f.penalty.kind === 'disqualification') disqualify(owner, { rule: f.rule, ...(f.penalty.ban !== undefined ? { ban: f.penalty.ban } : {}), hanchan: h.id });
    });
  for (const p of s.people) {
    p.cheats = count.get(p.id) ?? 0;
    if (p.cheats >= 2) disqualify(p, { rule: 'RUS-CHOMBO-J-REPEAT', ban: 'currentYear', note: 'second attempt at cheating' });
  }
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Scores and ranking
// ─────────────────────────────────────────────────────────────────────────────────────────────

const round1 = (x: number) => Math.round(x * 10) / 10;

export interface HanchanScore {
  hanchan: string;
  seat: Seat;
  /**
   * played: the seat's `final` counts; missed: 0 (the points are in the ledger); inProgress: only
   * the game's penalty points so far count; scheduled: nothing yet; void: nothing (RUS-SPECIAL-ABANDON).
   */
  kind: 'played' | 'missed' | 'inProgress' | 'scheduled' | 'void';
  /** Global points this hanchan adds (the Standing's `final` when played, else 0). */
  score: number;
  /** Penalty points of the game: in `score` when played, taken off the total while in progress. */
  gamePenalty: number;
  /** Table points at the end, when played. */
  points?: number;
  rank?: number;
}

export interface PlayerScore {
  player: string;
  name: string;
  role: 'player' | 'substitute';
  ranked: boolean;
  disqualified: Disqualification | null;
  hanchans: HanchanScore[];
  /** Σ of the finished hanchans' scores. */
  games: number;
  /** Penalty points of games in progress. */
  inGame: number;
  /** Counted ledger points outside games. */
  ledger: number;
  /** games − inGame − ledger. */
  total: number;
}

export interface RankingRow {
  rank: number;
  player: string;
  name: string;
  total: number;
}

/** Every person's global score, in registration order. */
export function globalScores(s: TournamentState): PlayerScore[] {
  const rows = new Map<string, HanchanScore[]>(s.people.map((p) => [p.id, []]));
  for (const h of s.hanchans) {
    h.credit.forEach((id, i) => {
      if (id === null) return;
      const seat = i as Seat;
      const base = { hanchan: h.id, seat };
      if (h.status === 'finished') {
        const st = h.standings!.find((x) => x.seat === seat)!;
        rows.get(id)!.push({ ...base, kind: 'played', score: st.final, gamePenalty: st.penalty, points: st.points, rank: st.rank });
      } else if (h.status === 'inProgress') {
        const pen = h.penalties.filter((p) => p.seat === seat).reduce((n, p) => n + p.points, 0);
        rows.get(id)!.push({ ...base, kind: 'inProgress', score: 0, gamePenalty: pen });
      } else rows.get(id)!.push({ ...base, kind: h.status, score: 0, gamePenalty: 0 });
    });
    for (const a of h.absences) rows.get(a.player)!.push({ hanchan: h.id, seat: a.seat, kind: 'missed', score: 0, gamePenalty: 0 });
  }
  return s.people.map((p) => {
    const hs = rows.get(p.id)!;
    const games = round1(hs.reduce((n, r) => n + r.score, 0));
    const inGame = round1(hs.filter((r) => r.kind === 'inProgress').reduce((n, r) => n + r.gamePenalty, 0));
    const ledger = round1(s.ledger.filter((l) => l.player === p.id && l.counted).reduce((n, l) => n + l.points, 0));
    return {
      player: p.id,
      name: p.name,
      role: p.role,
      ranked: p.role === 'player' && p.disqualified === null,
      disqualified: p.disqualified,
      hanchans: hs,
      games,
      inGame,
      ledger,
      total: round1(games - inGame - ledger),
    };
  });
}

/**
 * The ranking: players only (no substitutes, WRC-F-MISSED-SUB-SCORE; nobody disqualified,
 * WRC-P-DQ), by global score; equal scores share a rank (1, 2, 2, 4), listed in registration order.
 */
export function rankingOf(s: TournamentState): RankingRow[] {
  const ranked = globalScores(s).filter((x) => x.ranked);
  const order = ranked.map((x, i) => ({ x, i })).sort((a, b) => b.x.total - a.x.total || a.i - b.i);
  return order.map(({ x }) => ({ rank: 1 + ranked.filter((y) => y.total > x.total).length, player: x.player, name: x.name, total: x.total }));
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// The class
// ─────────────────────────────────────────────────────────────────────────────────────────────

/** What the tournament reads from a refereed game (a `Referee`, or its game and faults). */
export interface GameSource {
  game: { standings: readonly Standing[] | null; penalties: readonly PenaltyRecord[] };
  faults: readonly GameFault[];
}

/**
 * A tournament: commands append validated events (a refused command throws TournamentError and
 * changes nothing); `state`, `scores()` and `ranking()` are computed from them.
 */
export class Tournament {
  readonly name: string;
  readonly config: TournamentConfig;
  private readonly log: TournamentEvent[] = [];
  private current: TournamentState;

  constructor(opts: { name?: string; config?: Partial<TournamentConfig> } = {}) {
    this.name = opts.name ?? '';
    const parsed = TournamentConfigSchema.safeParse({ ...WRC_TOURNAMENT, ...opts.config });
    if (!parsed.success) throw new TournamentError(`invalid settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    this.config = Object.freeze(parsed.data);
    this.current = emptyTournament(this.name, this.config);
  }

  /** Rebuilds a tournament from its serialised form (validated; every event is applied again). */
  static fromJSON(data: unknown): Tournament {
    const parsed = TournamentDataSchema.safeParse(data);
    if (!parsed.success) throw new TournamentError(`not a tournament: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const t = new Tournament({ name: parsed.data.name, config: parsed.data.config });
    parsed.data.events.forEach((e, i) => {
      try {
        t.apply(e);
      } catch (err) {
        if (err instanceof TournamentError) throw new TournamentError(`event ${i} (${e.type}): ${err.message}`);
        throw err;
      }
    });
    return t;
  }

  toJSON(): TournamentData {
    return { format: 'jantaku-tournament', version: 1, name: this.name, config: { ...this.config }, events: structuredClone(this.log) };
  }

  get events(): readonly TournamentEvent[] {
    return structuredClone(this.log);
  }

  /** A copy of the current state. */
  get state(): TournamentState {
    return structuredClone(this.current);
  }

  /** Validates and applies one event. */
  apply(event: TournamentEvent): this {
    // Through JSON: only what serialises is kept (a FaultRecord's extra fields, undefined keys go).
    const parsed = TournamentEventSchema.safeParse(JSON.parse(JSON.stringify(event)));
    if (!parsed.success) throw new TournamentError(`bad ${String((event as { type?: unknown })?.type)} event: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    this.current = step(this.current, parsed.data);
    this.log.push(parsed.data);
    return this;
  }

  addPlayer(id: string, name: string = id): this {
    return this.apply({ type: 'register', id, name, role: 'player' });
  }

  addSubstitute(id: string, name: string = id): this {
    return this.apply({ type: 'register', id, name, role: 'substitute' });
  }

  /** A hanchan of four players, seat 0 first (the first dealer), under a ruleset by name; `fill`: seats substitutes play from the start. */
  schedule(id: string, ruleset: string, seats: readonly [string, string, string, string], start?: number, fill?: readonly Seat[]): this {
    return this.apply({ type: 'schedule', id, ruleset, seats: [...seats], ...(start !== undefined ? { start } : {}), ...(fill?.length ? { fill: [...fill] } : {}) });
  }

  /** WRC-F-LATE-*: `lateMs` after the start. Over the limit the player misses the hanchan; `substitute` takes the seat. */
  late(hanchanId: string, player: string, lateMs: number, substitute?: string): LateOutcome {
    const outcome = latePenalty(lateMs, this.config);
    this.apply({ type: 'late', hanchan: hanchanId, player, lateMs, ...(substitute !== undefined ? { substitute } : {}) });
    return outcome;
  }

  /** The player joined the table at `at` (ms, the clock of the hanchan's scheduled `start`). */
  arrived(hanchanId: string, player: string, at: number, substitute?: string): LateOutcome {
    const h = hanchan(this.current, hanchanId);
    if (h.start === null) throw new TournamentError(`hanchan "${hanchanId}" has no scheduled start`);
    return this.late(hanchanId, player, Math.max(0, at - h.start), substitute);
  }

  /** WRC-F-MISSED-PENALTY: the player misses the hanchan (0 for it, 30 points in all); `substitute` takes the seat. */
  missed(hanchanId: string, player: string, substitute?: string, note?: string): this {
    return this.apply({ type: 'missed', hanchan: hanchanId, player, ...(substitute !== undefined ? { substitute } : {}), ...(note !== undefined ? { note } : {}) });
  }

  /** Names the substitute for an absent (or disqualified) player's seat (WRC-F-MISSED-SUB-SCORE). */
  substitute(hanchanId: string, player: string, substitute: string): this {
    return this.apply({ type: 'substitute', hanchan: hanchanId, player, substitute });
  }

  /** RUS-SPECIAL-ABANDON: the player refuses to go on; a substitute or tsumogiri finishes the seat, the results count. */
  abandon(hanchanId: string, player: string, opts: { substitute?: string; missed?: boolean; note?: string } = {}): this {
    return this.apply({ type: 'abandon', hanchan: hanchanId, player, ...opts });
  }

  /** RUS-SPECIAL-ABANDON: the hanchan cannot be finished (technical reasons, or all players agree): void. */
  voidHanchan(hanchanId: string, note?: string, rule = 'RUS-SPECIAL-ABANDON'): this {
    return this.apply({ type: 'void', hanchan: hanchanId, rule, ...(note !== undefined ? { note } : {}) });
  }

  /** The game in progress: its penalty ledger and faults so far. */
  progress(hanchanId: string, penalties: readonly PenaltyRecord[], faults: readonly GameFault[] = []): this {
    return this.apply({ type: 'progress', hanchan: hanchanId, penalties: [...penalties], faults: [...faults] });
  }

  /** The finished game's standings (each seat's `final` becomes the hanchan score of the seat's player). */
  record(hanchanId: string, standings: readonly Standing[], faults: readonly GameFault[] = []): this {
    return this.apply({ type: 'result', hanchan: hanchanId, standings: [...standings], faults: [...faults] });
  }

  /** Records final table points through the engine's `finalStandings` under the hanchan's (shipped) ruleset. */
  recordTable(hanchanId: string, scores: readonly number[], riichiSticks = 0, penalties: readonly PenaltyRecord[] = [], faults: readonly GameFault[] = []): this {
    const h = hanchan(this.current, hanchanId);
    return this.record(hanchanId, finalStandings(scores, riichiSticks, makeRuleset(h.ruleset), penalties), faults);
  }

  /** A refereed game as it stands: the result once it is over, its progress before. */
  syncGame(hanchanId: string, source: GameSource): this {
    const standings = source.game.standings;
    return standings ? this.record(hanchanId, standings, source.faults) : this.progress(hanchanId, source.game.penalties, source.faults);
  }

  /** Penalty points outside a game (the referee's `points`), optionally tied to a hanchan. */
  penalty(player: string, rule: string, points: number, note?: string, hanchanId?: string): this {
    return this.apply({ type: 'penalty', player, rule, points, ...(note !== undefined ? { note } : {}), ...(hanchanId !== undefined ? { hanchan: hanchanId } : {}) });
  }

  /** Cheating seen outside a game's log (in a game, the referee's RUS-CHOMBO-J / WRC-F-CHEAT fault counts through its faults). */
  cheat(player: string, rule: 'WRC-F-CHEAT' | 'RUS-CHOMBO-J', opts: { hanchan?: string; note?: string } = {}): this {
    return this.apply({ type: 'cheat', player, rule, ...opts });
  }

  /** A referee's disqualification (WRC-P-DQ) under a rule that allows one. */
  disqualify(player: string, rule: string, note?: string): this {
    return this.apply({ type: 'disqualify', player, rule, ...(note !== undefined ? { note } : {}) });
  }

  scores(): PlayerScore[] {
    return globalScores(this.current);
  }

  scoreOf(player: string): PlayerScore {
    return this.scores().find((x) => x.player === player) ?? fail(`no player or substitute "${player}"`);
  }

  ranking(): RankingRow[] {
    return rankingOf(this.current);
  }
}
