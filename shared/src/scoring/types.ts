import type { TileId, TileKind } from '../tiles';
import type { Meld } from '../tiles/meld';

/** Everything about a win that scoring needs; the game fills it, scoring reads it. */
export interface WinInput {
  /** Concealed tiles held before the winning tile (13 - 3 * melds). */
  concealed: TileId[];
  winTile: TileId;
  melds: Meld[];
  tsumo: boolean;
  /** Seat wind kind (27..30) and round wind kind (27..30). */
  seatWind: TileKind;
  roundWind: TileKind;
  dealer: boolean;
  riichi: 'none' | 'riichi' | 'double';
  ippatsu: boolean;
  /** Tsumo on the last live-wall tile. */
  haitei: boolean;
  /** Ron on the discard after the last live-wall tile. */
  houtei: boolean;
  /** Tsumo on a kan replacement tile. */
  rinshan: boolean;
  /** Ron on a tile added to a pon (or, per ruleset, kokushi on an ankan). */
  chankan: boolean;
  /** Tsumo on the dealer's first draw (tenhou) / non-dealer's first draw with no call before it (chiihou). */
  tenhou: boolean;
  chiihou: boolean;
  /** Ron by a non-dealer before his first draw, the first go-around uninterrupted (per ruleset `renhou`). */
  renhou?: boolean;
  /** Indicators as tile ids; ura only counted when riichi. Kan indicators included. */
  doraIndicators: TileId[];
  uraIndicators: TileId[];
  honba: number;
  /** Riichi sticks the winner collects (already on the table, including this hand's). */
  riichiSticks: number;
}

/** Yaku identifiers (English romaji). Tenhou's Japanese names live in `yakuNames`. */
export type YakuId =
  | 'riichi' | 'doubleRiichi' | 'ippatsu' | 'menzenTsumo' | 'pinfu' | 'iipeikou' | 'ryanpeikou'
  | 'tanyao' | 'yakuhaiSeatWind' | 'yakuhaiRoundWind' | 'yakuhaiHaku' | 'yakuhaiHatsu' | 'yakuhaiChun'
  | 'haitei' | 'houtei' | 'rinshan' | 'chankan'
  | 'sanshokuDoujun' | 'sanshokuDoukou' | 'ittsu' | 'chanta' | 'junchan' | 'honroutou'
  | 'toitoi' | 'sanankou' | 'sankantsu' | 'shousangen' | 'chiitoitsu' | 'honitsu' | 'chinitsu'
  | 'dora' | 'akaDora' | 'uraDora'
  | 'kokushi' | 'kokushi13' | 'suuankou' | 'suuankouTanki' | 'daisangen' | 'shousuushii' | 'daisuushii'
  | 'tsuuiisou' | 'chinroutou' | 'ryuuiisou' | 'chuuren' | 'junseiChuuren' | 'suukantsu' | 'tenhou' | 'chiihou'
  | 'renhou';

export interface YakuHan {
  id: YakuId;
  /** Han for an ordinary yaku or dora count; for a yakuman, 13 times its multiple. */
  han: number;
  /** For yakuman: 1 or 2 (double). */
  yakuman?: number;
}

export type LimitName = 'mangan' | 'haneman' | 'baiman' | 'sanbaiman' | 'yakuman' | 'kazoeYakuman';

export interface Payment {
  /** Total points the winner gains from hand value + honba (not riichi sticks). */
  total: number;
  /** Ron: what the discarder pays (including honba). */
  ron?: number;
  /** Tsumo: what the dealer pays and what each non-dealer pays (each including honba). */
  tsumoDealer?: number;
  tsumoNonDealer?: number;
}

export interface ScoreResult {
  yaku: YakuHan[];
  /** Han including dora (0 for yakuman hands). */
  han: number;
  fu: number;
  /** Yakuman multiple (0 if not a yakuman hand). */
  yakuman: number;
  limit: LimitName | null;
  /** Base points (fu * 2^(han+2), capped by limit), before multipliers. */
  basePoints: number;
  payment: Payment;
}
