/**
 * Seeded random complete hands (regular, chiitoitsu, kokushi) with random melds, waits, winds,
 * flags and dora, biased toward one-suit and honour-rich hands so that rare yaku turn up.
 * Flags stay consistent (no riichi on an open hand, rinshan only with a kan, …).
 */
import type { WinInput } from '@jantaku/shared/scoring/types';
import type { Meld, MeldType } from '@jantaku/shared/tiles/meld';
import { rng } from '../support/rng';

export { rng };


const YAOCHU = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

interface Draft {
  left: Uint8Array;
  kinds: number[];
  melds: { type: MeldType; kinds: number[] }[];
  concealed: number[];
}

/** The kinds a hand may use: everything, suits only, one suit (with or without honours), terminals and honours, greens. */
function kindPool(r: () => number): number[] {
  const all = Array.from({ length: 34 }, (_, k) => k);
  const x = r();
  const suit = Math.floor(r() * 3) * 9;
  const oneSuit = all.filter((k) => k >= suit && k < suit + 9);
  if (x < 0.35) return all;
  if (x < 0.6) return all.filter((k) => k < 27);
  if (x < 0.75) return [...oneSuit, ...all.filter((k) => k >= 27)];
  if (x < 0.87) return oneSuit;
  if (x < 0.94) return YAOCHU;
  return [19, 20, 21, 23, 25, 32];
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

function takeKinds(d: Draft, kinds: number[]): boolean {
  const need = new Map<number, number>();
  for (const k of kinds) need.set(k, (need.get(k) ?? 0) + 1);
  for (const [k, n] of need) if (d.left[k] < n) return false;
  for (const k of kinds) d.left[k]--;
  return true;
}

const run = (k: number) => [k, k + 1, k + 2];
const triplet = (k: number) => [k, k, k];

/** Sets that make a rarer yaku, to start some hands with. */
function template(r: () => number): number[][] {
  const n = Math.floor(r() * 7);
  const suit = Math.floor(r() * 3) * 9;
  const end = () => Math.floor(r() * 3) * 9 + (r() < 0.5 ? 0 : 6);
  switch (Math.floor(r() * 7)) {
    case 0: return [run(n), run(9 + n), run(18 + n)];
    case 1: return [run(suit), run(suit + 3), run(suit + 6)];
    case 2: return [triplet(n), triplet(9 + n), triplet(18 + n)];
    case 3: return [run(suit + n), run(suit + n), ...(r() < 0.5 ? [run(suit + (n + 2) % 7), run(suit + (n + 2) % 7)] : [])];
    case 4: return [triplet(27), triplet(28), triplet(29), ...(r() < 0.5 ? [triplet(30)] : [])];
    case 5: return [triplet(31), triplet(32), ...(r() < 0.5 ? [triplet(33)] : [])];
    default: return [run(end()), run(end()), run(end()), triplet(pick(r, YAOCHU))];
  }
}

function regular(r: () => number, d: Draft): boolean {
  const plan = r() < 0.25 ? template(r) : [];
  for (const set of plan) if (!takeKinds(d, set)) return false;
  while (plan.length < 4) {
    let ok = false;
    for (let attempt = 0; attempt < 30 && !ok; attempt++) {
      const k = pick(r, d.kinds);
      const set = k < 27 && k % 9 < 7 && r() < 0.7 && d.kinds.includes(k + 2) ? run(k) : triplet(k);
      if ((ok = takeKinds(d, set))) plan.push(set);
    }
    if (!ok) return false;
  }
  let pair = -1;
  for (let attempt = 0; attempt < 30 && pair < 0; attempt++) {
    const k = pick(r, d.kinds);
    if (takeKinds(d, [k, k])) pair = k;
  }
  if (pair < 0) return false;
  // Melds are taken from the plan's end, so template sets are concealed as often as called.
  const x = r();
  const meldCount = x < 0.45 ? 0 : x < 0.65 ? 1 : x < 0.8 ? 2 : x < 0.93 ? 3 : 4;
  const allKans = meldCount === 4 && r() < 0.3;
  const order = r() < 0.5 ? plan : [...plan].reverse();
  order.forEach((set, i) => {
    if (i >= 4 - meldCount) {
      const y = allKans ? 0.7 + r() * 0.3 : r();
      const isRun = set[0] !== set[1];
      const type: MeldType = isRun ? 'chii' : y < 0.6 ? 'pon' : y < 0.73 ? 'daiminkan' : y < 0.86 ? 'shouminkan' : 'ankan';
      if (type !== 'chii' && type !== 'pon' && d.left[set[0]] > 0) {
        d.left[set[0]]--;
        d.melds.push({ type, kinds: [...set, set[0]] });
      } else d.melds.push({ type: type === 'chii' ? type : 'pon', kinds: set });
    } else d.concealed.push(...set);
  });
  d.concealed.push(pair, pair);
  return true;
}

/** Nine gates in one suit, plus any tile of it. */
function chuuren(r: () => number, d: Draft): boolean {
  const suit = Math.floor(r() * 3) * 9;
  for (const i of [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, Math.floor(r() * 9)]) d.concealed.push(suit + i);
  return true;
}

function chiitoitsu(r: () => number, d: Draft): boolean {
  const pool = d.kinds.length >= 7 ? d.kinds : Array.from({ length: 34 }, (_, k) => k);
  const chosen = new Set<number>();
  while (chosen.size < 7) chosen.add(pick(r, pool));
  for (const k of chosen) d.concealed.push(k, k);
  return true;
}

function kokushi(r: () => number, d: Draft): boolean {
  d.concealed.push(...YAOCHU, pick(r, YAOCHU));
  return true;
}

/** Tile ids per kind, red fives first about a third of the time. */
function idAllocator(r: () => number): (k: number) => number {
  const next = new Uint8Array(34);
  const redFirst = [r() < 0.35, r() < 0.35, r() < 0.35];
  return (k) => {
    const n = next[k]++;
    const five = k < 27 && k % 9 === 4;
    if (!five) return k * 4 + n;
    const order = redFirst[(k / 9) | 0] ? [0, 1, 2, 3] : [1, 2, 3, 0];
    return k * 4 + order[n];
  };
}

/** One random complete hand with random circumstances. */
export function randomWin(r: () => number): WinInput {
  for (;;) {
    const d: Draft = { left: new Uint8Array(34).fill(4), kinds: kindPool(r), melds: [], concealed: [] };
    const x = r();
    const ok = x < 0.07 ? chiitoitsu(r, d) : x < 0.085 ? kokushi(r, d) : x < 0.095 ? chuuren(r, d) : regular(r, d);
    if (!ok) continue;
    const id = idAllocator(r);
    const melds: Meld[] = d.melds.map((m) => {
      const tiles = m.kinds.map(id).sort((a, b) => a - b);
      if (m.type === 'ankan') return { type: m.type, tiles };
      const calledTile = m.type === 'chii' ? pick(r, tiles) : tiles[0];
      return { type: m.type, tiles, calledTile, from: 1 + Math.floor(r() * 3), ...(m.type === 'shouminkan' ? { addedTile: tiles[3] } : {}) };
    });
    const tiles = d.concealed.map(id);
    const winAt = Math.floor(r() * tiles.length);
    const winTile = tiles[winAt];
    tiles.splice(winAt, 1);
    const concealed = melds.every((m) => m.type === 'ankan');
    const kans = melds.filter((m) => m.tiles.length === 4).length;
    const tsumo = r() < 0.5;
    const seatWind = 27 + Math.floor(r() * 4);
    const y = r();
    const riichi = !concealed || y < 0.5 ? 'none' : y < 0.9 ? 'riichi' : 'double';
    const indicators = () => Array.from({ length: 1 + kans + Math.floor(r() * 2) }, () => Math.floor(r() * 136));
    const first = concealed && melds.length === 0 && tsumo && riichi === 'none' && r() < 0.03;
    const rinshan = tsumo && kans > 0 && r() < 0.2;
    const houtei = !tsumo && r() < 0.05;
    return {
      concealed: tiles,
      winTile,
      melds,
      tsumo,
      seatWind,
      roundWind: 27 + Math.floor(r() * 2),
      dealer: seatWind === 27,
      riichi,
      ippatsu: riichi !== 'none' && r() < 0.3,
      haitei: tsumo && !rinshan && r() < 0.05,
      houtei,
      rinshan,
      chankan: !tsumo && !houtei && r() < 0.03,
      tenhou: first && seatWind === 27,
      chiihou: first && seatWind !== 27,
      doraIndicators: indicators(),
      uraIndicators: riichi === 'none' ? [] : indicators(),
      honba: Math.floor(r() * 3),
      riichiSticks: 0,
    };
  }
}
