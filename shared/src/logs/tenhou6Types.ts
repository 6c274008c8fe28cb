import type { TileKind } from '../tiles';
import type { YakuId } from '../scoring/types';

/**
 * A tenhou.net/6 game log as typed data. Every field maps one-to-one onto the JSON, so
 * `serializeTenhou6(parseTenhou6(json))` gives the same JSON back.
 */

export type Four<T> = [T, T, T, T];

/** Absolute seat 0..3 (0 = East at the start of the game). */
export type Seat = 0 | 1 | 2 | 3;

/** Seat relative to the caller: 1 = kamicha (left, plays before), 2 = toimen, 3 = shimocha (right). */
export type RelativeSeat = 1 | 2 | 3;

/** A tile as Tenhou writes it: kind 0..33 (see tiles/index.ts) and whether it is a red five. */
export interface Tile {
  kind: TileKind;
  red: boolean;
}

/** A call taking another seat's discard. `own` holds the caller's tiles in the order written. */
export interface CallItem {
  type: 'chii' | 'pon' | 'daiminkan';
  /** The called (discarded) tile. */
  tile: Tile;
  own: Tile[];
  from: RelativeSeat;
}

/** One entry of a seat's draw list: a wall (or rinshan) draw, or a call. */
export type DrawItem = { type: 'draw'; tile: Tile } | CallItem;

/** The pon that a shouminkan extends, as it was written when called. */
export interface PonShape {
  tile: Tile;
  own: Tile[];
  from: RelativeSeat;
}

/**
 * One entry of a seat's discard list. Entry i answers draw-list entry i: a discard (or kan)
 * after that draw or call. `tsumogiri` discards are written 60 and their tile is the one drawn
 * at the same index.
 */
export type DiscardItem =
  | { type: 'discard'; tile: Tile; tsumogiri: boolean; riichi: boolean }
  /** Concealed kan: the four tiles in the order written. */
  | { type: 'ankan'; tiles: Tile[] }
  /** Added kan: `tile` is the tile added to `pon`. */
  | { type: 'shouminkan'; tile: Tile; pon: PonShape }
  /**
   * Tenhou's 0: the slot answering a daiminkan call, where the caller has no discard yet
   * (the discard after the rinshan draw takes the next slot).
   */
  | { type: 'daiminkanSkip' };

/** A yaku as written in a win, e.g. "立直(1飜)" or "大三元(役満)". */
export interface Tenhou6Yaku {
  /** The name exactly as written (Tenhou's Japanese, or other clients' wording). */
  name: string;
  /** The engine's identifier, or null for names it does not know. */
  id: YakuId | null;
  /** Han as written; 13 for "(役満)". */
  han: number;
  /** Written "(役満)" rather than "(n飜)". */
  yakuman: boolean;
}

export interface Tenhou6Win {
  /** Score changes of this win: honba and riichi sticks included. */
  deltas: Four<number>;
  winner: Seat;
  /** The seat that dealt in; the winner itself on tsumo. */
  from: Seat;
  /** Third number: the seat liable for a pao hand, otherwise the winner again. */
  pao: Seat;
  /** E.g. "30符4飜7700点", "満貫2000-4000点", "跳満6000点∀" (honba not included); null when the log omits it. */
  pointsText: string | null;
  /** Written only with a points text. */
  yaku: Tenhou6Yaku[];
}

/** The names Tenhou writes for a hand that ends without a win. */
export const TENHOU6_DRAW_NAMES = [
  '流局', '全員聴牌', '全員不聴', '流し満貫', '九種九牌', '四風連打', '四家立直', '三家和了', '四槓散了',
] as const;
export type Tenhou6DrawName = (typeof TENHOU6_DRAW_NAMES)[number];

export type Tenhou6Result =
  | { type: 'win'; wins: Tenhou6Win[] }
  /** `deltas` is written for 流局 (tenpai payments) and 流し満貫. */
  | { type: 'draw'; name: Tenhou6DrawName; deltas: Four<number> | null };

export interface Tenhou6Hand {
  /** Kyoku 0..15: 0-3 East 1-4, 4-7 South 1-4, 8-11 West, 12-15 North. Dealer = round % 4. */
  round: number;
  honba: number;
  /** Riichi sticks on the table at the start of the hand. */
  riichiSticks: number;
  startScores: Four<number>;
  doraIndicators: Tile[];
  uraIndicators: Tile[];
  haipai: Four<Tile[]>;
  draws: Four<DrawItem[]>;
  discards: Four<DiscardItem[]>;
  result: Tenhou6Result;
}

export interface Tenhou6Rule {
  disp?: string;
  aka?: number;
  aka51?: number;
  aka52?: number;
  aka53?: number;
  /** Other rule fields, kept verbatim. */
  [key: string]: unknown;
}

export interface Tenhou6Game {
  /** Absent in logs downloaded from Tenhou, present (usually ["", ""]) in edited ones. */
  title?: string[];
  names: Four<string>;
  rule: Tenhou6Rule;
  hands: Tenhou6Hand[];
  /** Other top-level fields (ver, ref, dan, rate, sx, sc, …), kept verbatim. */
  extra: Record<string, unknown>;
}
