/** Builds WinInputs from mpsz notation for the scoring tests. */
import type { WinInput } from '@jantaku/shared/scoring/types';
import { parseTiles } from '@jantaku/shared/tiles/index';
import type { Meld, MeldType } from '@jantaku/shared/tiles/meld';

const MELD_TYPES: Record<string, MeldType> = { c: 'chii', p: 'pon', m: 'daiminkan', k: 'shouminkan', a: 'ankan' };

export type HandOptions = Partial<Omit<WinInput, 'melds' | 'doraIndicators' | 'uraIndicators'>> & {
  /** Melds as a type letter and tiles: "c123m" chii, "p555z" pon, "m5555p" daiminkan, "k5555p" shouminkan, "a1111z" ankan. */
  melds?: string[];
  dora?: string;
  ura?: string;
};

/**
 * A win: the concealed tiles before the winning tile, the winning tile, and options. Defaults: a
 * non-dealer (south seat, east round) ron without riichi or dora. All tiles get distinct ids.
 */
export function hand(concealed: string, winTile: string, o: HandOptions = {}): WinInput {
  const melds = o.melds ?? [];
  const ids = parseTiles(concealed + winTile + melds.map((m) => m.slice(1)).join(''));
  const nConcealed = ids.length - 1 - melds.reduce((n, m) => n + parseTiles(m.slice(1)).length, 0);
  let at = nConcealed + 1;
  const built: Meld[] = melds.map((m) => {
    const n = parseTiles(m.slice(1)).length;
    const tiles = ids.slice(at, (at += n)).sort((a, b) => a - b);
    const type = MELD_TYPES[m[0]];
    return type === 'ankan' ? { type, tiles } : { type, tiles, calledTile: tiles[0], from: 0 };
  });
  const seatWind = o.seatWind ?? (o.dealer ? 27 : 28);
  return {
    concealed: ids.slice(0, nConcealed),
    winTile: ids[nConcealed],
    melds: built,
    tsumo: o.tsumo ?? false,
    seatWind,
    roundWind: o.roundWind ?? 27,
    dealer: o.dealer ?? seatWind === 27,
    riichi: o.riichi ?? 'none',
    ippatsu: o.ippatsu ?? false,
    haitei: o.haitei ?? false,
    houtei: o.houtei ?? false,
    rinshan: o.rinshan ?? false,
    chankan: o.chankan ?? false,
    tenhou: o.tenhou ?? false,
    chiihou: o.chiihou ?? false,
    renhou: o.renhou ?? false,
    doraIndicators: o.dora ? parseTiles(o.dora) : [],
    uraIndicators: o.ura ? parseTiles(o.ura) : [],
    honba: o.honba ?? 0,
    riichiSticks: o.riichiSticks ?? 0,
  };
}
