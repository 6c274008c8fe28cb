import { isRedId, kindOf, type TileId } from '../tiles';
import { shanten } from '../hand/shanten';
import type { Command, LegalAction } from '../game/types';
import type { TableView } from '../game/views';
import type { Bot } from './types';

/**
 * Tile efficiency: keep the lowest shanten and, among equals, the most tiles that improve the
 * hand (ukeire, counting what is still unseen). Wins whenever it may, declares riichi when
 * tenpai and closed, calls pon on its yakuhai, otherwise stays closed.
 */
export const efficiencyBot: Bot = (view, legal) => {
  const has = (type: LegalAction['type']) => legal.find((a) => a.type === type);
  if (has('draw')) return { type: 'draw' };
  if (has('tsumo')) return { type: 'tsumo' };
  if (has('ron')) return { type: 'ron' };
  const pon = has('pon') as Extract<LegalAction, { type: 'pon' }> | undefined;
  if (pon && view.claim && isYakuhai(kindOf(view.claim.tile), view)) return { type: 'pon', tiles: pon.options[0] };
  if (has('pass')) return { type: 'pass' };
  const hand = view.hand ?? [];
  const melds = view.seats[view.viewer as number].melds.length;
  const discard = has('discard') as Extract<LegalAction, { type: 'discard' }>;
  const best = bestDiscard(hand, melds, discard.tiles, visibleCounts(view));
  const riichi = has('riichi') as Extract<LegalAction, { type: 'riichi' }> | undefined;
  if (riichi) {
    const tile = riichi.tiles.includes(best) ? best : bestDiscard(hand, melds, riichi.tiles, visibleCounts(view));
    return { type: 'riichi', tile };
  }
  return { type: 'discard', tile: best } satisfies Command;
};

function isYakuhai(kind: number, view: TableView): boolean {
  const me = view.seats[view.viewer as number];
  return kind >= 31 || kind === me.wind || kind === 27 + ((view.round >> 2) % 4);
}

/** Tiles of each kind the seat can see (own hand, all ponds and melds, dora indicators). */
function visibleCounts(view: TableView): Uint8Array {
  const seen = new Uint8Array(34);
  for (const t of view.hand ?? []) seen[kindOf(t)]++;
  for (const s of view.seats) {
    for (const d of s.discards) if (!d.called) seen[kindOf(d.tile)]++;
    for (const m of s.melds) for (const t of m.tiles) seen[kindOf(t)]++;
  }
  for (const t of view.doraIndicators) seen[kindOf(t)]++;
  return seen;
}

function bestDiscard(hand: readonly TileId[], melds: number, choices: readonly TileId[], seen: Uint8Array): TileId {
  const counts = new Uint8Array(34);
  for (const t of hand) counts[kindOf(t)]++;
  let best = choices[choices.length - 1];
  let bestShanten = 99;
  let bestUkeire = -1;
  const tried = new Set<number>();
  for (const t of choices) {
    const k = kindOf(t);
    if (tried.has(k)) continue;
    tried.add(k);
    counts[k]--;
    const sh = shanten(counts, melds);
    if (sh <= bestShanten) {
      const uk = ukeire(counts, melds, sh, seen);
      // Prefer keeping red fives and central tiles when otherwise equal.
      if (sh < bestShanten || uk > bestUkeire || (uk === bestUkeire && edgeScore(k) > edgeScore(kindOf(best)))) {
        bestShanten = sh;
        bestUkeire = uk;
        best = pickCopy(choices, k);
      }
    }
    counts[k]++;
  }
  return best;
}

function ukeire(counts: Uint8Array, melds: number, sh: number, seen: Uint8Array): number {
  let n = 0;
  for (let k = 0; k < 34; k++) {
    if (seen[k] >= 4) continue;
    counts[k]++;
    if (shanten(counts, melds) < sh) n += 4 - seen[k];
    counts[k]--;
  }
  return n;
}

/** Honours and terminals go first: they join fewer runs. */
const edgeScore = (k: number) => (k >= 27 ? 2 : k % 9 === 0 || k % 9 === 8 ? 1 : 0);

/** Discard a plain copy rather than the red five. */
const pickCopy = (choices: readonly TileId[], k: number) => choices.find((t) => kindOf(t) === k && !isRedId(t)) ?? choices.find((t) => kindOf(t) === k)!;
