/**
 * Decomposition of complete hands. Input is the concealed tiles' counts per kind (length 34,
 * winning tile included) and how many melds the hand has; a complete regular hand splits its
 * concealed part into (4 - meldCount) sets and a pair.
 *
 * The fast interface writes records into a byte buffer so the scorer allocates nothing:
 * record i is `out[i * STRIDE .. i * STRIDE + 4]` = [pair kind, set, set, set, set], where a set
 * is a triplet kind (0..33) or SEQ + the sequence's first kind, and unused slots are NO_SET.
 */

/** Set code offset for sequences: SEQ + k is the run k, k+1, k+2. */
export const SEQ = 34;
export const NO_SET = 255;
export const STRIDE = 5;
/** Room to spare: no 14-tile hand has more than 5 decompositions (checked exhaustively per suit). */
export const MAX_DECOMPOSITIONS = 8;

export type SetCode = number;
export const isSequence = (set: SetCode): boolean => set >= SEQ;
/** First kind of a set (the triplet's kind, or the run's lowest kind). */
export const setKind = (set: SetCode): number => (set >= SEQ ? set - SEQ : set);

// Scratch state of the enumeration, module-level so the hot path allocates nothing; the scalars
// live in one object because module-level `let`s cost a TDZ check on every access.
const work = new Uint8Array(34);
const cur = new Uint8Array(STRIDE);
const st = { out: new Uint8Array(0) as Uint8Array, found: 0, limit: 0, setsWanted: 0 };

function emit(): void {
  const o = st.found * STRIDE;
  const out = st.out;
  for (let i = 0; i < STRIDE; i++) out[o + i] = i <= st.setsWanted ? cur[i] : NO_SET;
  st.found++;
}

/** Takes sets from the suited kinds, lowest kind first (so each decomposition is found once). */
function extract(k: number, n: number): void {
  while (k < 27 && work[k] === 0) k++;
  if (k === 27) {
    if (n === st.setsWanted + 1) emit();
    return;
  }
  if (work[k] >= 3) {
    work[k] -= 3;
    cur[n] = k;
    extract(k, n + 1);
    work[k] += 3;
    if (st.found >= st.limit) return;
  }
  if (k % 9 < 7 && work[k + 1] !== 0 && work[k + 2] !== 0) {
    work[k]--; work[k + 1]--; work[k + 2]--;
    cur[n] = SEQ + k;
    extract(k, n + 1);
    work[k]++; work[k + 1]++; work[k + 2]++;
  }
}

/** Runs the enumeration with pair kind p, honours first (they can only be triplets). */
function withPair(counts: ArrayLike<number>, p: number): void {
  work.set(counts);
  work[p] -= 2;
  cur[0] = p;
  let n = 1;
  for (let k = 27; k < 34; k++) {
    const c = work[k];
    if (c === 3) cur[n++] = k;
    else if (c !== 0) return;
  }
  extract(0, n);
}

function run(counts: ArrayLike<number>, meldCount: number, out: Uint8Array, max: number): number {
  const setsWanted = 4 - meldCount;
  st.out = out;
  st.found = 0;
  st.limit = max;
  st.setsWanted = setsWanted;
  if (setsWanted < 0) return 0;
  // Each suit's count must be 0 mod 3 except the pair's, which is 2 mod 3; that fixes the pair's suit.
  let pairSuit = -1;
  let total = 0;
  for (let s = 0; s < 4; s++) {
    const end = s === 3 ? 34 : s * 9 + 9;
    let sum = 0;
    for (let k = s * 9; k < end; k++) sum += counts[k];
    total += sum;
    const r = sum % 3;
    if (r === 1 || (r === 2 && pairSuit >= 0)) return 0;
    if (r === 2) pairSuit = s;
  }
  if (pairSuit < 0 || total !== setsWanted * 3 + 2) return 0;
  const end = pairSuit === 3 ? 34 : pairSuit * 9 + 9;
  for (let p = pairSuit * 9; p < end && st.found < max; p++) if (counts[p] >= 2) withPair(counts, p);
  return st.found;
}

const defaultOut = new Uint8Array(MAX_DECOMPOSITIONS * STRIDE);
const probeOut = new Uint8Array(STRIDE);

/**
 * Writes every regular decomposition into `out` (see the module comment) and returns how many.
 * The default buffer is shared: read it before the next call.
 */
export function decompose(counts: ArrayLike<number>, meldCount: number, out: Uint8Array = defaultOut): number {
  return run(counts, meldCount, out, Math.min(MAX_DECOMPOSITIONS, (out.length / STRIDE) | 0));
}

/** Seven distinct pairs (a four of a kind is not two pairs). */
export function isChiitoitsu(counts: ArrayLike<number>): boolean {
  let pairs = 0;
  for (let k = 0; k < 34; k++) {
    const c = counts[k];
    if (c === 2) pairs++;
    else if (c !== 0) return false;
  }
  return pairs === 7;
}

const YAOCHU = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/** One of each terminal and honour plus one more of them (counts of a 14-tile hand). */
export function isKokushi(counts: ArrayLike<number>): boolean {
  let sum = 0;
  for (const k of YAOCHU) {
    const c = counts[k];
    if (c === 0 || c > 2) return false;
    sum += c;
  }
  return sum === 14;
}

/** Complete as a regular hand, or (without melds) as chiitoitsu or kokushi. */
export function isComplete(counts: ArrayLike<number>, meldCount: number): boolean {
  if (run(counts, meldCount, probeOut, 1) > 0) return true;
  return meldCount === 0 && (isChiitoitsu(counts) || isKokushi(counts));
}

export interface HandSet {
  type: 'sequence' | 'triplet';
  /** The triplet's kind or the sequence's lowest kind. */
  kind: number;
}

export interface Decomposition {
  pair: number;
  sets: HandSet[];
}

/** Allocating convenience form of `decompose`, for callers off the hot path. */
export function decompositions(counts: ArrayLike<number>, meldCount: number): Decomposition[] {
  const buf = new Uint8Array(MAX_DECOMPOSITIONS * STRIDE);
  const n = decompose(counts, meldCount, buf);
  const out: Decomposition[] = [];
  for (let i = 0; i < n; i++) {
    const sets: HandSet[] = [];
    for (let j = 1; j < STRIDE && buf[i * STRIDE + j] !== NO_SET; j++) {
      const code = buf[i * STRIDE + j];
      sets.push({ type: isSequence(code) ? 'sequence' : 'triplet', kind: setKind(code) });
    }
    out.push({ pair: buf[i * STRIDE], sets });
  }
  return out;
}
