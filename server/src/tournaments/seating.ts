import { createHash } from 'node:crypto';

/**
 * Seating for a tournament (pure): who sits at which table and in which wind, round by round.
 * A table is four ids, seat 0 first (East, the first dealer). When the number of players is not
 * a multiple of 4, placeholders (`PLACEHOLDER_PREFIX` + n) fill the missing seats: the organiser
 * puts a substitute there (they are never ranked, WRC-F-MISSED-SUB-SCORE).
 *
 * Methods: `random` (every round drawn anew), `swiss` (round one random, then by standing: the
 * best four together), `schedule` (every round fixed in advance, minimising repeat opponents and
 * balancing winds over the event). Every method balances winds as far as the tables allow.
 */
export type Table = [string, string, string, string];
export type SeatingMethod = 'random' | 'swiss' | 'schedule';
export const SEATING_METHODS: readonly SeatingMethod[] = ['random', 'swiss', 'schedule'];

export const PLACEHOLDER_PREFIX = 'substitute#';
export const isPlaceholder = (id: string): boolean => id.startsWith(PLACEHOLDER_PREFIX);

export class SeatingError extends Error {
  override name = 'SeatingError';
}

/** A deterministic generator in [0, 1) from a seed string (so a seating can be checked again). */
export function rngOf(seed: string): () => number {
  const h = createHash('sha256').update(seed).digest();
  let a = h.readUInt32LE(0);
  // mulberry32: small and good enough to shuffle seats.
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(xs: readonly T[], rng: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function checkPlayers(players: readonly string[]): void {
  if (players.length < 1) throw new SeatingError('no players to seat');
  if (new Set(players).size !== players.length) throw new SeatingError('a player is listed twice');
  if (players.some(isPlaceholder)) throw new SeatingError(`player ids may not start with "${PLACEHOLDER_PREFIX}"`);
}

/** The placeholders that bring `n` players up to a multiple of 4. */
export function placeholders(n: number): string[] {
  const k = (4 - (n % 4)) % 4;
  return Array.from({ length: k }, (_, i) => `${PLACEHOLDER_PREFIX}${i + 1}`);
}

/** Cuts a list into tables of four; placeholders go one per table, from the last table up. */
function toTables(order: readonly string[]): string[][] {
  const real = order.filter((x) => !isPlaceholder(x));
  const fill = order.filter(isPlaceholder);
  const n = (real.length + fill.length) / 4;
  const tables: string[][] = Array.from({ length: n }, () => []);
  // Table t gets as many placeholders as fall to it, spread from the end.
  const holes = tables.map(() => 0);
  for (let i = 0; i < fill.length; i++) holes[n - 1 - (i % n)]++;
  let r = 0;
  let f = 0;
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 4 - holes[t]; k++) tables[t].push(real[r++]);
    for (let k = 0; k < holes[t]; k++) tables[t].push(fill[f++]);
  }
  return tables;
}

/** Wind counts by player: [East, South, West, North]. */
export type WindCounts = Map<string, [number, number, number, number]>;

function windsOf(rounds: readonly (readonly string[][])[] | readonly Table[][]): WindCounts {
  const w: WindCounts = new Map();
  for (const round of rounds)
    for (const t of round)
      t.forEach((p, seat) => {
        if (isPlaceholder(p)) return;
        const c = w.get(p) ?? [0, 0, 0, 0];
        c[seat]++;
        w.set(p, c);
      });
  return w;
}

const PERMS: number[][] = (() => {
  const out: number[][] = [];
  const go = (rest: number[], acc: number[]) => {
    if (rest.length === 0) return void out.push(acc);
    rest.forEach((x, i) => go([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, x]));
  };
  go([0, 1, 2, 3], []);
  return out;
})();

/** Orders one table's four so the winds each player has had stay even (fewest repeats, then sum of squares). */
function windOrder(table: readonly string[], counts: WindCounts, rng: () => number): Table {
  let best: Table | null = null;
  let bestCost = Infinity;
  for (const perm of shuffle(PERMS, rng)) {
    const order = perm.map((i) => table[i]) as Table;
    const cost = order.reduce((n, p, seat) => {
      if (isPlaceholder(p)) return n;
      const c = counts.get(p)?.[seat] ?? 0;
      return n + (c + 1) * (c + 1);
    }, 0);
    if (cost < bestCost) [best, bestCost] = [order, cost];
  }
  return best!;
}

/**
 * Winds for one block of up to 4 rounds: every player takes each wind at most once. The
 * (player, table) incidences form a bipartite graph; padded with dummy tables to be 4-regular,
 * it splits into 4 perfect matchings (König), one per wind: East is one matching, and so on.
 */
function windBlock(block: readonly (readonly string[][])[], rng: () => number): Table[][] {
  const tables = block.flat().map((t) => [...t]);
  const people = [...new Set(tables.flat())];
  const degree = new Map(people.map((p) => [p, 0]));
  for (const t of tables) for (const p of t) degree.set(p, degree.get(p)! + 1);
  // Dummy tables take the missing incidences (4 − rounds per player), four at a time.
  const missing = shuffle(people.flatMap((p) => Array.from({ length: 4 - degree.get(p)! }, () => p)), rng);
  const all = [...tables];
  for (let i = 0; i < missing.length; i += 4) all.push(missing.slice(i, i + 4));
  // slots[t] = the players of table t not yet given a wind; wind[t][k] = the wind of slot k.
  const slots = all.map((t) => t.map((p, k) => ({ p, k })));
  const winds = all.map((t) => t.map(() => -1));
  const index = new Map(people.map((p, i) => [p, i]));
  for (let w = 0; w < 4; w++) {
    const owner = people.map(() => -1); // table matched to each player
    const tryTable = (t: number, seen: Set<number>): boolean => {
      for (const { p } of slots[t]) {
        const i = index.get(p)!;
        if (seen.has(i)) continue;
        seen.add(i);
        if (owner[i] === -1 || tryTable(owner[i], seen)) {
          owner[i] = t;
          return true;
        }
      }
      return false;
    };
    for (const t of shuffle(all.map((_, t) => t), rng)) if (!tryTable(t, new Set())) throw new Error('no perfect matching in a regular bipartite graph');
    owner.forEach((t, i) => {
      const at = slots[t].findIndex((s) => s.p === people[i]);
      winds[t][slots[t][at].k] = w;
      slots[t].splice(at, 1);
    });
  }
  let next = 0;
  return block.map((round) =>
    round.map(() => {
      const t = next++;
      const out: string[] = [];
      all[t].forEach((p, k) => (out[winds[t][k]] = p));
      return out as Table;
    }),
  );
}

/**
 * Winds for fixed groups of four over the whole event: rounds in blocks of four, each block
 * giving every player each wind at most once, so over the event no wind comes more than
 * ⌈rounds / 4⌉ times and a player's winds differ by at most one.
 */
export function assignWinds(groups: readonly (readonly string[][])[], seed = 'winds'): Table[][] {
  const rng = rngOf(seed);
  const out: Table[][] = [];
  for (let r = 0; r < groups.length; r += 4) out.push(...windBlock(groups.slice(r, r + 4), rng));
  return out;
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// The methods
// ─────────────────────────────────────────────────────────────────────────────────────────────

/** A random round: players shuffled (placeholders spread one per table), winds evened against `history`. */
export function randomRound(players: readonly string[], seed: string, history: readonly Table[][] = []): Table[] {
  checkPlayers(players);
  const rng = rngOf(seed);
  const order = [...shuffle(players, rng), ...placeholders(players.length)];
  const counts = windsOf(history);
  return toTables(order).map((t) => windOrder(t, counts, rng));
}

/**
 * A Swiss round: `standing` is every player best first; tables of four in that order (the top
 * four together), placeholders at the bottom tables; winds evened against `history`.
 */
export function swissRound(standing: readonly string[], history: readonly Table[][] = [], seed = 'swiss'): Table[] {
  checkPlayers(standing);
  const rng = rngOf(seed);
  const counts = windsOf(history);
  return toTables([...standing, ...placeholders(standing.length)]).map((t) => windOrder(t, counts, rng));
}

/** Pair key for meetings. */
const pair = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

function meetingsOf(rounds: readonly (readonly (readonly string[])[])[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const round of rounds)
    for (const t of round)
      for (let i = 0; i < 4; i++)
        for (let j = i + 1; j < 4; j++) {
          if (isPlaceholder(t[i]) || isPlaceholder(t[j])) continue;
          const k = pair(t[i], t[j]);
          m.set(k, (m.get(k) ?? 0) + 1);
        }
  return m;
}

/** GF(4) multiplication (elements 0, 1, x, x+1 as 0..3; addition is xor). */
const GF4_MUL = [
  [0, 0, 0, 0],
  [0, 1, 2, 3],
  [0, 2, 3, 1],
  [0, 3, 1, 2],
];

/**
 * The affine plane of order 4: 16 points, 5 parallel classes of 4 lines of 4; every pair of
 * points lies on exactly one line. A class is a round in which every pair meets once over all five.
 */
function affinePlane4(): number[][][] {
  const point = (x: number, y: number) => 4 * x + y;
  const classes: number[][][] = [];
  for (let m = 0; m < 4; m++) classes.push([0, 1, 2, 3].map((b) => [0, 1, 2, 3].map((x) => point(x, GF4_MUL[m][x] ^ b))));
  classes.push([0, 1, 2, 3].map((c) => [0, 1, 2, 3].map((y) => point(c, y))));
  return classes;
}

/** One round's tables with as few repeat meetings (given `met`) as swaps of two players find. */
function leastRepeatRound(order: readonly string[], met: Map<string, number>, rng: () => number, restarts = 20): string[][] {
  const cost = (t: readonly string[]) => {
    let n = 0;
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) n += met.get(pair(t[i], t[j])) ?? 0;
    return n;
  };
  let best: string[][] = [];
  let bestCost = Infinity;
  for (let r = 0; r < restarts && bestCost > 0; r++) {
    const tables = toTables(r === 0 ? order : [...shuffle(order.filter((x) => !isPlaceholder(x)), rng), ...order.filter(isPlaceholder)]);
    let improved = true;
    while (improved) {
      improved = false;
      for (let a = 0; a < tables.length; a++)
        for (let b = a + 1; b < tables.length; b++)
          for (let i = 0; i < 4; i++)
            for (let j = 0; j < 4; j++) {
              const [ta, tb] = [tables[a], tables[b]];
              // Placeholders stay where they are (one per table).
              if (isPlaceholder(ta[i]) || isPlaceholder(tb[j])) continue;
              const before = cost(ta) + cost(tb);
              [ta[i], tb[j]] = [tb[j], ta[i]];
              if (cost(ta) + cost(tb) < before) improved = true;
              else [ta[i], tb[j]] = [tb[j], ta[i]];
            }
    }
    const c = tables.reduce((n, t) => n + cost(t), 0);
    if (c < bestCost) [best, bestCost] = [tables, c];
  }
  return best;
}

/**
 * Every round fixed in advance: for 13 to 16 players the affine plane of order 4 (up to 5
 * rounds, nobody meets twice), else round by round by swaps that avoid pairs who have met; then
 * winds balanced over the event (`assignWinds`).
 */
export function scheduleRounds(players: readonly string[], rounds: number, seed: string): Table[][] {
  checkPlayers(players);
  if (!Number.isInteger(rounds) || rounds < 1) throw new SeatingError('rounds must be a whole number ≥ 1');
  const rng = rngOf(seed);
  const all = [...shuffle(players, rng), ...placeholders(players.length)];
  const groups: string[][][] = [];
  if (all.length === 16) {
    // Placeholders are last in `all`: points 13..15 lie on different lines of every class but
    // the one containing all three, so at most one round has two placeholders at a table.
    for (const cls of affinePlane4().slice(0, rounds)) groups.push(cls.map((line) => line.map((p) => all[p])));
  }
  while (groups.length < rounds) groups.push(leastRepeatRound(all, meetingsOf(groups), rng));
  return assignWinds(groups, `${seed}/winds`);
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// The report
// ─────────────────────────────────────────────────────────────────────────────────────────────

export interface SeatingReport {
  /** Pairs of players (placeholders aside) who meet at more than one table. */
  repeatPairs: number;
  /** Most times any pair meets. */
  maxMeetings: number;
  /** For each player, how often they sit East, South, West, North. */
  winds: Record<string, [number, number, number, number]>;
  /** Largest difference between a player's most and least frequent wind. */
  windSpread: number;
}

export function seatingReport(rounds: readonly Table[][]): SeatingReport {
  const met = meetingsOf(rounds);
  const counts = [...met.values()];
  const winds = Object.fromEntries(windsOf(rounds));
  const spread = Object.values(winds).reduce((n, c) => Math.max(n, Math.max(...c) - Math.min(...c)), 0);
  return { repeatPairs: counts.filter((n) => n > 1).length, maxMeetings: Math.max(0, ...counts), winds, windSpread: spread };
}
