import { isRedId, kindOf, type TileId } from '../tiles';
import type { Meld } from '../tiles/meld';
import type { Game, HandLog } from '../game/game';
import type { HandResult, WinRecord } from '../game/types';
import type { Ruleset } from '../rules';
import type { YakuId } from '../scoring/types';
import type { DiscardItem, DrawItem, Four, RelativeSeat, Seat, Tenhou6Game, Tenhou6Hand, Tenhou6Result, Tenhou6Win, Tile } from './tenhou6Types';
import { formatPointsText, type PointsPayment } from './tenhou6Points';
import { tenhouYakuName } from './tenhou6Yaku';

const tile = (id: TileId, rules: Ruleset): Tile => {
  const k = kindOf(id);
  return { kind: k, red: isRedId(id) && k < 27 && rules.redFives[Math.floor(k / 9)] === 1 };
};

const ceil100 = (x: number) => Math.ceil(x / 100) * 100;
const relative = (seat: number, from: number) => ((seat - from + 4) % 4) as RelativeSeat;

/** A finished (or unfinished) game as a tenhou.net/6 log, for existing viewers. */
export function exportTenhou6(game: Game, names: Four<string> = ['East', 'South', 'West', 'North']): Tenhou6Game {
  const rules = game.rules;
  const aka = rules.redFives.every((r) => r === 1) ? 1 : 0;
  const disp = `${rules.name}${rules.length === 'hanchan' ? '南' : '東'}喰${aka ? '赤' : ''}`;
  return {
    title: ['', ''],
    names,
    rule: { disp, aka, ...(aka ? {} : { aka51: rules.redFives[0], aka52: rules.redFives[1], aka53: rules.redFives[2] }) },
    // A hand ended by chombo is redealt; tenhou.net/6 has no way to write it, so it is left out.
    hands: game.hands.filter((h) => h.result !== null && h.result.kind !== 'chombo').map((h) => exportHand(h, rules)),
    extra: {},
  };
}

function exportHand(h: HandLog, rules: Ruleset): Tenhou6Hand {
  const t = (id: TileId) => tile(id, rules);
  const draws: Four<DrawItem[]> = [[], [], [], []];
  const discards: Four<DiscardItem[]> = [[], [], [], []];
  for (const step of h.steps) {
    if (step.type === 'draw') draws[step.seat].push({ type: 'draw', tile: t(step.tile) });
    else if (step.type === 'discard') discards[step.seat].push({ type: 'discard', tile: t(step.tile), tsumogiri: step.tsumogiri, riichi: step.riichi });
    else exportCall(step.seat, step.meld, draws, discards, t);
  }
  return {
    round: h.round,
    honba: h.honba,
    riichiSticks: h.riichiSticks,
    startScores: [...h.startScores] as Four<number>,
    doraIndicators: h.doraIndicators.map(t),
    uraIndicators: h.uraIndicators.map(t),
    haipai: h.haipai.map((x) => [...x].sort((a, b) => a - b).map(t)) as Four<Tile[]>,
    draws,
    discards,
    result: exportResult(h.result!, h),
  };
}

function exportCall(seat: Seat, m: Meld, draws: Four<DrawItem[]>, discards: Four<DiscardItem[]>, t: (id: TileId) => Tile): void {
  const own = (exclude: TileId | undefined) => m.tiles.filter((x) => x !== exclude).map(t);
  switch (m.type) {
    case 'ankan':
      discards[seat].push({ type: 'ankan', tiles: m.tiles.map(t) });
      return;
    case 'shouminkan': {
      const pon = m.tiles.filter((x) => x !== m.addedTile);
      discards[seat].push({ type: 'shouminkan', tile: t(m.addedTile!), pon: { tile: t(m.calledTile!), own: pon.filter((x) => x !== m.calledTile).map(t), from: relative(seat, m.from!) } });
      return;
    }
    default:
      draws[seat].push({ type: m.type, tile: t(m.calledTile!), own: own(m.calledTile), from: relative(seat, m.from!) });
      // Tenhou leaves a 0 in the discard list for the turn a daiminkan takes.
      if (m.type === 'daiminkan') discards[seat].push({ type: 'daiminkanSkip' });
  }
}

const DRAW_NAME = {
  nagashiMangan: '流し満貫', nineTerminals: '九種九牌', fourWinds: '四風連打', fourRiichi: '四家立直', tripleRon: '三家和了', fourKans: '四槓散了',
} as const;

function exportResult(r: HandResult, h: HandLog): Tenhou6Result {
  if (r.kind === 'win') return { type: 'win', wins: r.wins.map((w) => exportWin(w, h)) };
  if (r.draw === 'exhaustive') {
    const name = r.tenpai.length === 4 ? '全員聴牌' : r.tenpai.length === 0 ? '全員不聴' : '流局';
    return { type: 'draw', name, deltas: name === '流局' ? (r.deltas as Four<number>) : null };
  }
  const name = DRAW_NAME[r.draw!];
  return { type: 'draw', name, deltas: r.draw === 'nagashiMangan' ? (r.deltas as Four<number>) : null };
}

function exportWin(w: WinRecord, h: HandLog): Tenhou6Win {
  const dealer = h.round % 4;
  const s = w.score;
  // Tenhou's text shows the hand's value without honba.
  const base = s.basePoints;
  const payment: PointsPayment = !w.tsumo
    ? { type: 'ron', points: ceil100(base * (w.winner === dealer ? 6 : 4)) }
    : w.winner === dealer
      ? { type: 'dealerTsumo', each: ceil100(base * 2) }
      : { type: 'tsumo', nonDealer: ceil100(base), dealer: ceil100(base * 2) };
  const seatWind = 27 + ((w.winner - dealer + 4) % 4);
  const roundWind = 27 + ((h.round >> 2) % 4);
  return {
    deltas: [...w.deltas] as Four<number>,
    winner: w.winner,
    from: w.from,
    pao: w.pao ?? w.winner,
    pointsText: formatPointsText(s.limit === null ? { limit: null, fu: s.fu, han: s.han, payment } : { limit: s.limit, payment }),
    yaku: s.yaku.map((y) => ({
      name: yakuName(y.id, seatWind, roundWind),
      id: y.id,
      han: y.yakuman ? 13 : y.han,
      yakuman: (y.yakuman ?? 0) > 0,
    })),
  };
}

function yakuName(id: YakuId, seatWind: number, roundWind: number): string {
  if (id === 'yakuhaiSeatWind') return tenhouYakuName(id, seatWind);
  if (id === 'yakuhaiRoundWind') return tenhouYakuName(id, roundWind);
  return tenhouYakuName(id);
}
