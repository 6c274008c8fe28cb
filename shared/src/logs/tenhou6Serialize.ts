import { encodeCall, encodeKan } from './tenhou6Calls';
import { sameTile, TENHOU6_TSUMOGIRI, tileToCode } from './tenhou6Tiles';
import { formatYakuText } from './tenhou6Yaku';
import type { DiscardItem, DrawItem, Tenhou6Game, Tenhou6Hand, Tenhou6Result, Tenhou6Rule, Tile } from './tenhou6Types';

/** Tenhou6Game -> tenhou.net/6 JSON. Throws RangeError for data no log can express. */

export interface Tenhou6Json {
  title?: string[];
  name: string[];
  rule: Tenhou6Rule;
  log: unknown[][];
  [key: string]: unknown;
}

const codes = (tiles: Tile[]): number[] => tiles.map(tileToCode);

function drawEntry(d: DrawItem): number | string {
  return d.type === 'draw' ? tileToCode(d.tile) : encodeCall(d);
}

/** `drawn` is the draw-list entry in the same slot: a tsumogiri (60) stands for its tile. */
function discardEntry(d: DiscardItem, drawn: DrawItem | undefined): number | string {
  switch (d.type) {
    case 'daiminkanSkip':
      return 0;
    case 'discard': {
      if (d.tsumogiri && !(drawn?.type === 'draw' && sameTile(drawn.tile, d.tile))) {
        throw new RangeError('a tsumogiri discard must be the tile drawn in the same slot');
      }
      const code = d.tsumogiri ? TENHOU6_TSUMOGIRI : tileToCode(d.tile);
      return d.riichi ? `r${code}` : code;
    }
    default:
      return encodeKan(d);
  }
}

function resultEntries(r: Tenhou6Result): unknown[] {
  if (r.type === 'draw') return r.deltas ? [r.name, r.deltas] : [r.name];
  return ['和了', ...r.wins.flatMap((w) => {
    if (w.pointsText === null && w.yaku.length > 0) throw new RangeError('yaku are written only after a points text');
    const text = w.pointsText === null ? [] : [w.pointsText, ...w.yaku.map(formatYakuText)];
    return [w.deltas, [w.winner, w.from, w.pao, ...text]];
  })];
}

function handJson(h: Tenhou6Hand): unknown[] {
  return [
    [h.round, h.honba, h.riichiSticks],
    [...h.startScores],
    codes(h.doraIndicators),
    codes(h.uraIndicators),
    ...[0, 1, 2, 3].flatMap((s) => [
      codes(h.haipai[s]),
      h.draws[s].map(drawEntry),
      h.discards[s].map((d, i) => discardEntry(d, h.draws[s][i])),
    ]),
    resultEntries(h.result),
  ];
}

function envelope(game: Tenhou6Game, hands: Tenhou6Hand[]): Tenhou6Json {
  return {
    ...(game.title && { title: game.title }),
    name: game.names,
    rule: game.rule,
    log: hands.map(handJson),
    ...game.extra,
  };
}

export const toTenhou6Json = (game: Tenhou6Game): Tenhou6Json => envelope(game, game.hands);

/**
 * Compact JSON of the game; with `lines`, one object per hand (each with the game's title,
 * names, rule and other fields) joined by newlines, as the corpus stores games.
 */
export function serializeTenhou6(game: Tenhou6Game, options: { lines?: boolean } = {}): string {
  if (!options.lines) return JSON.stringify(toTenhou6Json(game));
  return game.hands.map((h) => JSON.stringify(envelope(game, [h]))).join('\n');
}
