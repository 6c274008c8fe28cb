import { tenpaiWaits, waits as shapeWaits } from '@jantaku/shared/hand/waits';
import { doraKindOf, KIND_COUNT } from '@jantaku/shared/tiles/index';
import { discardOf, type DiscardLike } from '@jantaku/shared/schema/table';

/**
 * What a player can read off the table about its own hand (Mahjong Soul's play information):
 * its waits and how many of each it has not seen, which discards keep it tenpai, and whether it
 * is furiten. Computed from what this seat's client holds (its hand, the public state), nothing
 * else: the server does not send furiten.
 */

/** The public table as this page reads it (the schema's decoded state fits it). */
export interface SeenTable {
  hands: number;
  /** The open claim window's tile and its owner (-1: none): it is not let pass until the window closes. */
  claimTile?: number;
  claimFrom?: number;
  doraIndicators: ArrayLike<number>;
  seats: ArrayLike<{
    /** The live state's packed discards, or a view's objects (`discardOf`). */
    discards: ArrayLike<number | DiscardLike>;
    /** Absent while the seat has none (schema/table.ts). */
    melds?: ArrayLike<{ tiles: ArrayLike<number>; addedTile: number; type?: string }>;
    riichi: boolean;
  }>;
}

export interface Wait {
  kind: number;
  /** Copies this seat has not seen: 4 minus those in its hand, the ponds, the melds and the dora indicators. */
  unseen: number;
}

/** Copies of each kind visible to seat `me`: its concealed `hand`, every pond, every meld, the dora indicators. */
export function visibleCounts(table: SeenTable, hand: readonly number[]): Uint8Array {
  const c = new Uint8Array(KIND_COUNT);
  for (const t of hand) c[t >> 2]++;
  for (const t of Array.from(table.doraIndicators)) c[t >> 2]++;
  for (const s of Array.from(table.seats)) {
    // A called discard is drawn in the caller's meld, counted there.
    for (const d of Array.from(s.discards, discardOf)) if (!d.called) c[d.tile >> 2]++;
    for (const m of Array.from(s.melds ?? [])) for (const t of Array.from(m.tiles)) c[t >> 2]++;
  }
  return c;
}

/** Kinds the dora indicators point at. */
export const doraKinds = (indicators: ArrayLike<number>): Set<number> => new Set(Array.from(indicators, (t) => doraKindOf(t >> 2)));

const countsOf = (tiles: readonly number[]): Uint8Array => {
  const c = new Uint8Array(KIND_COUNT);
  for (const t of tiles) c[t >> 2]++;
  return c;
};

/** Kinds the seat owns, melds included: a wait on a kind it holds all four of is no wait. */
function heldOf(hand: readonly number[], melds: ArrayLike<{ tiles: ArrayLike<number> }>): Uint8Array {
  const c = countsOf(hand);
  for (const m of Array.from(melds)) for (const t of Array.from(m.tiles)) c[t >> 2]++;
  return c;
}

/** Waits of a 3n+1 hand with their unseen counts; [] when not tenpai (or not 3n+1). */
export function waitsOf(hand: readonly number[], melds: ArrayLike<{ tiles: ArrayLike<number> }>, visible: ArrayLike<number>): Wait[] {
  const meldCount = melds.length;
  if (hand.length + 3 * meldCount !== 13) return [];
  return tenpaiWaits(countsOf(hand), meldCount, heldOf(hand, melds)).map((kind) => ({ kind, unseen: Math.max(0, 4 - visible[kind]) }));
}

/**
 * For a 3n+2 hand on its turn: the waits each discard would leave, by tile id, for the discards
 * that keep it tenpai only. The discarded tile stays visible (it goes to the pond).
 */
export function discardWaits(hand: readonly number[], melds: ArrayLike<{ tiles: ArrayLike<number> }>, visible: ArrayLike<number>): Map<number, Wait[]> {
  const out = new Map<number, Wait[]>();
  const byKind = new Map<number, Wait[]>();
  for (const t of hand) {
    const k = t >> 2;
    if (!byKind.has(k)) {
      const rest = hand.filter((x) => x !== t);
      byKind.set(k, waitsOf(rest, melds, visible));
    }
    const w = byKind.get(k)!;
    if (w.length) out.set(t, w);
  }
  return out;
}

/** Why the seat may not ron, as far as its client can tell. */
export type FuritenKind = 'discard' | 'temporary' | 'riichi';

/**
 * What the page remembers between states to know temporary and riichi furiten: the engine sets
 * them when a winning tile goes by (a discard, or a tile added to a kan) without a ron, and a
 * draw or the seat's own discard ends the temporary kind. A page loaded mid-hand starts from
 * what it sees then.
 */
export interface FuritenMemory {
  hand: number;
  /** Per seat: discards, added kan tiles and melds seen so far. */
  seen: { discards: number; added: number; melds: number }[];
  ownDiscards: number;
  /** Waits of the 13-tile hand last seen (a drawn tile hides them until the discard). */
  waits: number[];
  temporary: boolean;
  riichi: boolean;
}

export const FRESH: FuritenMemory = { hand: -1, seen: [], ownDiscards: 0, waits: [], temporary: false, riichi: false };

/** Shape waits (all four held included), which is what the engine's furiten reads. */
function shapeWaitsOf(hand: readonly number[], meldCount: number): number[] | null {
  return hand.length + 3 * meldCount === 13 ? shapeWaits(countsOf(hand), meldCount) : null;
}

/**
 * The memory after seeing `table`, seat `me` holding `hand` (with `drawn`, -1 for none). Within one
 * state change, tiles others let go came before the seat's draw and after its own discard (the
 * seat had to see its draw to discard).
 */
export function observeFuriten(
  mem: FuritenMemory,
  table: SeenTable,
  me: number,
  hand: readonly number[],
  drawn: number,
  rules: { tempFuritenEndsOnCall?: boolean; tempFuritenEndsOnConcealedKan?: boolean } = {},
): FuritenMemory {
  const seats = Array.from(table.seats);
  const fresh = mem.hand !== table.hands;
  const next: FuritenMemory = fresh ? { ...FRESH, hand: table.hands } : { ...mem, seen: [...mem.seen] };
  const mine = seats[me];
  const meldCount = mine.melds?.length ?? 0;
  const ownDiscards = mine.discards.length;
  const discarded = !fresh && ownDiscards > mem.ownDiscards;
  // Own discard first: it ends the temporary kind, and the hand's waits are its new ones.
  if (discarded) next.temporary = false;
  const now = shapeWaitsOf(hand, meldCount) ?? (drawn >= 0 ? shapeWaitsOf(hand.filter((t) => t !== drawn), meldCount) : null);
  const waits = now ?? next.waits;
  const passed: { kind: number; called: boolean }[] = [];
  let interrupted = false;
  seats.forEach((s, i) => {
    const melds = Array.from(s.melds ?? []);
    const added = melds.filter((m) => m.addedTile >= 0);
    const was = next.seen[i] ?? { discards: 0, added: 0, melds: 0 };
    // The tile of a window still open is not let pass yet: the seat may still win on it.
    const open = table.claimFrom === i && (table.claimTile ?? -1) >= 0;
    const discards = Array.from(s.discards, discardOf);
    const heldBack = open && discards.at(-1)?.tile === table.claimTile ? 1 : 0;
    const addedBack = open && !heldBack && added.at(-1)?.addedTile === table.claimTile ? 1 : 0;
    if (!fresh) {
      // The rules that end the temporary kind on another seat's call or kan.
      for (const m of melds.slice(was.melds)) if (m.type === 'ankan' ? rules.tempFuritenEndsOnConcealedKan : rules.tempFuritenEndsOnCall) interrupted = true;
      if (added.length - addedBack > was.added && rules.tempFuritenEndsOnConcealedKan) interrupted = true;
    }
    if (i !== me && !fresh) {
      for (const d of discards.slice(was.discards, discards.length - heldBack)) passed.push({ kind: d.tile >> 2, called: d.called });
      for (const m of added.slice(was.added, added.length - addedBack)) passed.push({ kind: m.addedTile >> 2, called: false });
    }
    next.seen[i] = { discards: discards.length - heldBack, added: added.length - addedBack, melds: melds.length };
  });
  // A call or kan that ends the temporary kind came after the tile it took.
  if (interrupted) next.temporary = false;
  if (passed.some((p) => waits.includes(p.kind) && !(interrupted && p.called))) {
    next.temporary = true;
    if (mine.riichi) next.riichi = true;
  }
  // The draw came after those tiles and ends the temporary kind.
  if (drawn >= 0) next.temporary = false;
  next.ownDiscards = ownDiscards;
  next.waits = waits;
  return next;
}

/** Every furiten reason that holds now: a wait among the seat's own discards, and the remembered ones. */
export function furitenKinds(mem: FuritenMemory, table: SeenTable, me: number): FuritenKind[] {
  const out: FuritenKind[] = [];
  const own = Array.from(table.seats[me].discards, discardOf);
  if (own.some((d) => mem.waits.includes(d.tile >> 2))) out.push('discard');
  if (mem.temporary) out.push('temporary');
  if (mem.riichi) out.push('riichi');
  return out;
}
