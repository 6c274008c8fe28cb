import type { Meld } from '@jantaku/shared/tiles/meld';
import { discardOf, type DiscardLike } from '@jantaku/shared/schema/table';
import { h, type Child } from './dom';
import { roundName } from './labels';
import type { JantakuClient } from './net';
import { meldEl } from './result';
import { tileEl, windName } from './tiles';
import { diffText } from './waitsView';

/**
 * The board's pieces (a seat's panel, the centre), drawn from plain data so that the live table
 * (the server's decoded state) and the commentator view (a state rebuilt from delayed events)
 * draw the same way. The schema's classes fit these shapes as they are.
 */

/** What the server says of the game's rules (`GET /api/games/:id`). */
export interface GameInfo {
  /** Stored seats: `{ kind: 'bot' | 'empty' | … }`. */
  seats?: { kind?: string }[];
  rules?: {
    foulPolicy?: 'penalise' | 'prevent';
    chombo?: { kind: 'globalPoints'; points: number } | { kind: 'mangan' } | { kind: 'none' };
    returnPoints?: number;
    timeControl?: { kind: string; baseMs?: number; bankMs?: number; turnMs?: number };
    length?: string;
  };
}

/** Fetches what the server says of table `id`'s game; `then` is not called if it cannot say. */
export function fetchGameInfo(net: JantakuClient, id: string, then: (info: GameInfo) => void): void {
  net
    .getJson<GameInfo>(net.gameUrl(id))
    .then((g) => then(g ?? {}))
    .catch(() => {});
}

/** A meld as the state holds it: -1 for a field that does not apply. */
export interface BoardMeld {
  type: string;
  tiles: ArrayLike<number>;
  calledTile: number;
  from: number;
  addedTile: number;
}

export interface BoardSeat {
  seat: number;
  score: number;
  /** Seat wind kind (27..30). */
  wind: number;
  /** The live state's packed discards, or a view's objects (`discardOf`). */
  discards: ArrayLike<number | DiscardLike>;
  /** Absent while the seat has none (the live state drops its empty lists, schema/table.ts). */
  melds?: ArrayLike<BoardMeld>;
  riichi: boolean;
  deadHand: boolean;
  /** Absent while the seat has none. */
  penaltyTiles?: ArrayLike<{ tile: number }>;
}

export interface BoardState {
  phase: string;
  round: number;
  honba: number;
  riichiSticks: number;
  dealer: number;
  turn: number;
  remaining: number;
  doraIndicators: ArrayLike<number>;
  /** Absent before a hand has ended. */
  uraIndicators?: ArrayLike<number>;
  claimTile: number;
  claimFrom: number;
}

/** What a page adds to a seat's panel. */
export interface SeatParts {
  /** Who sits there ("You", a name, "Bot"). */
  who: string;
  /** Badges after dealer / riichi / dead hand (presence, clock …). */
  badges: Child[];
  /** The concealed hand: backs, open tiles, or nothing. */
  concealed: Child;
  /** Draw the seat's melds in the panel (a player's own are drawn beside their hand). */
  melds: boolean;
  /** The seat's score minus the viewer's, shown small under an opponent's score. */
  scoreDiff?: number | null;
}

/** The engine's Meld from a state's meld. */
export function meldOf(m: BoardMeld): Meld {
  return {
    type: m.type as Meld['type'],
    tiles: Array.from(m.tiles),
    ...(m.calledTile >= 0 ? { calledTile: m.calledTile } : {}),
    ...(m.from >= 0 ? { from: m.from } : {}),
    ...(m.addedTile >= 0 ? { addedTile: m.addedTile } : {}),
  };
}

export const handOver = (state: BoardState): boolean => state.phase === 'handEnded' || state.phase === 'gameOver';

/** Another seat's concealed tiles as backs: a count, never their ids. */
export function backsEl(count: number): HTMLElement {
  return h('div', { class: 'backs', 'aria-label': `${count} concealed tiles` }, Array.from({ length: count }, () => tileEl(null, { size: 'sm', back: true })));
}

/** A concealed hand face up (the commentator's view): sorted, the drawn tile set apart. */
export function openHandEl(seat: number, hand: readonly number[], drawn: number | null): HTMLElement {
  const rest = hand.filter((t) => t !== drawn).sort((a, b) => a - b);
  return h(
    'div',
    { class: 'open-hand', 'data-hand': seat, 'aria-label': `${hand.length} concealed tiles` },
    rest.map((t) => tileEl(t, { size: 'sm' })),
    drawn !== null && hand.includes(drawn) ? h('span', { class: 'open-drawn', 'data-drawn': drawn }, tileEl(drawn, { size: 'sm' })) : null,
  );
}

export function seatPanel(s: BoardSeat, rel: number, state: BoardState, parts: SeatParts): HTMLElement {
  const i = s.seat;
  const turn = state.turn === i && (state.phase === 'turn' || state.phase === 'draw');
  const badges: Child[] = [
    state.dealer === i ? h('span', { class: 'badge dealer', title: 'dealer' }, 'Dealer') : null,
    s.riichi ? h('span', { class: 'badge riichi' }, 'Riichi') : null,
    s.deadHand ? h('span', { class: 'badge dead', 'data-dead': i }, 'DEAD HAND') : null,
    ...parts.badges,
  ];
  // Rows of six, each row its own flex line: a sideways (riichi) tile widens only its row, as on Tenhou.
  const pond = h('div', { class: 'pond' });
  Array.from(s.discards, discardOf).forEach((d, n) => {
    const claimNow = state.claimTile === d.tile && state.claimFrom === i;
    if (n % 6 === 0) pond.append(h('div', { class: 'pond-row' }));
    const tile = tileEl(d.tile, { size: 'sm', sideways: d.riichi, classes: ['pond-tile', d.called ? 'taken' : '', d.tsumogiri ? 'tsumogiri' : '', claimNow ? 'claim' : ''].filter(Boolean) });
    // A discard stays the same node while it lies in the pond (the table page patches its DOM).
    tile.dataset.node = `pond-${d.tile}`;
    pond.lastElementChild!.append(tile);
  });
  const melds = parts.melds ? h('div', { class: 'melds' }, Array.from(s.melds ?? [], (m) => meldEl(meldOf(m), i))) : null;
  const penalty = s.penaltyTiles?.length ? h('div', { class: 'penalty-tiles' }, h('small', {}, 'Penalty tiles '), Array.from(s.penaltyTiles, (p) => tileEl(p.tile, { size: 'sm' }))) : null;
  return h(
    'section',
    { class: `seat rel${rel} ${turn ? 'turn' : ''} ${s.deadHand ? 'dead' : ''}`, 'data-seat': i },
    h('div', { class: 'seat-head' }, h('span', { class: 'wind' }, windName(s.wind)), h('span', { class: 'who' }, parts.who), h('span', { class: 'score', 'data-score': s.score }, String(s.score)), parts.scoreDiff != null ? h('small', { class: 'score-diff', 'data-diff': parts.scoreDiff, title: 'Their score minus yours' }, diffText(parts.scoreDiff)) : null, badges),
    parts.concealed,
    melds,
    penalty,
    pond,
  );
}

/** Round, counters and dora indicators (five places, face down until revealed). */
export function centre(state: BoardState): HTMLElement {
  const dora = Array.from(state.doraIndicators);
  return h(
    'div',
    { class: 'centre' },
    h('div', { class: 'round', id: 'round' }, roundName(state.round)),
    h('div', { class: 'counters' }, h('span', { id: 'honba' }, `${state.honba} honba`), h('span', { id: 'sticks' }, `${state.riichiSticks} riichi`), h('span', { id: 'remaining' }, `${state.remaining} left`)),
    h('div', { class: 'dora', id: 'dora' }, h('small', {}, 'Dora'), dora.map((t) => tileEl(t, { size: 'sm' })), Array.from({ length: Math.max(0, 5 - dora.length) }, () => tileEl(null, { size: 'sm', back: true }))),
    state.uraIndicators?.length ? h('div', { class: 'dora' }, h('small', {}, 'Ura'), Array.from(state.uraIndicators, (t) => tileEl(t, { size: 'sm' }))) : null,
  );
}

/** The four panels and the centre, seat `viewer` at the bottom. */
export function boardEl(seats: ArrayLike<BoardSeat>, state: BoardState, viewer: number, parts: (s: BoardSeat) => SeatParts): HTMLElement {
  const panels = [0, 1, 2, 3].map((rel) => {
    const s = seats[(viewer + rel) % 4];
    return seatPanel(s, rel, state, parts(s));
  });
  return h('div', { class: 'board' }, panels[2], panels[3], centre(state), panels[1], panels[0]);
}
