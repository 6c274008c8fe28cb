/**
 * The lookups a shanten query makes. A suit is keyed in base 5, split in two halves so
 * that its counts come from small tables: `low` for ranks 1-5 (rank 1 the lowest digit),
 * `high` for ranks 6-9, key = high * SPLIT + low. The honours are keyed by how many
 * kinds hold 1, 2, 3 or 4 copies (the sum of HONOUR_WEIGHT[count]). From those:
 *
 * - the block vector index of each part, for the regular form (see blockTables.ts):
 *   suit[key], honours[honourKey >> 3];
 * - its counts for chiitoitsu and kokushi: suitLow[low] + suitHigh[high] and
 *   honourCounts[honourKey], packed so that adding entries adds field by field
 *   (each field is wide enough for all 34 kinds):
 *     bits 0-5 kinds held twice or more, 6-11 kinds held,
 *     12-17 terminal/honour kinds held, 18-20 of those held twice or more.
 */
import { buildBlockTables, type BlockTables } from './blockTables';
import { POW5 } from './suitPatterns';

/** 5^5: a suit key is high * SPLIT + low. */
export const SPLIT = POW5[5];
/** The honour key adds HONOUR_WEIGHT[count] per honour kind: counts of kinds in base 8. */
export const HONOUR_WEIGHT = [0, 1, 8, 64, 512] as const;

export interface HandTables extends BlockTables {
  readonly suitLow: Uint32Array;
  readonly suitHigh: Uint32Array;
  readonly honourCounts: Uint32Array;
}

let built: HandTables | undefined;

/** Built on first use. */
export function handTables(): HandTables {
  return (built ??= {
    ...buildBlockTables(),
    suitLow: rankCounts(0, 5),
    suitHigh: rankCounts(5, 4),
    honourCounts: honourCounts(),
  });
}

const packCounts = (pairs: number, kinds: number, yaochu: number, yaochuPairs: number): number =>
  pairs | (kinds << 6) | (yaochu << 12) | (yaochuPairs << 18);

/** Counts of every pattern of `ranks` ranks from rank index `first`, keyed in base 5. */
function rankCounts(first: number, ranks: number): Uint32Array {
  const table = new Uint32Array(5 ** ranks);
  for (let key = 0; key < table.length; key++) {
    let counts = 0;
    for (let r = 0, rest = key; r < ranks; r++, rest = (rest / 5) | 0) {
      const n = rest % 5;
      const yaochu = first + r === 0 || first + r === 8 ? 1 : 0;
      if (n > 0) counts += packCounts(n > 1 ? 1 : 0, 1, yaochu, n > 1 ? yaochu : 0);
    }
    table[key] = counts;
  }
  return table;
}

function honourCounts(): Uint32Array {
  const table = new Uint32Array(8 ** 4);
  for (let key = 0; key < table.length; key++) {
    const n1 = key & 7;
    const pairs = ((key >> 3) & 7) + ((key >> 6) & 7) + (key >> 9);
    table[key] = packCounts(pairs, n1 + pairs, n1 + pairs, pairs);
  }
  return table;
}

export const pairsOf = (counts: number): number => counts & 63;
export const kindsOf = (counts: number): number => (counts >>> 6) & 63;
export const yaochuOf = (counts: number): number => (counts >>> 12) & 63;
export const yaochuPairsOf = (counts: number): number => counts >>> 18;
