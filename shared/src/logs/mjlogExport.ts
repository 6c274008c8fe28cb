import type { TileId } from '../tiles';
import type { Meld } from '../tiles/meld';
import type { Game, HandLog } from '../game/game';
import type { DrawKind, HandResult, WinRecord } from '../game/types';
import type { LimitName } from '../scoring/types';
import type { Ruleset } from '../rules';
import { handEvents } from './mjai';
import { encodeMeld } from './mjlogMeld';
import { escapeAttr } from './mjlogXml';
import { TENHOU6_YAKU, tenhouYakuName } from './tenhou6Yaku';
import type { Four } from './tenhou6Types';

/**
 * A game as Tenhou's own log format, mjlog (`<mjloggm ver="2.3">`, the XML Tenhou's viewer, its
 * converters and the NAGA-style reviewers read). Written as Tenhou writes it, checked against
 * Tenhou's logs kept as mjx's test fixtures (mjx-project/mjx, tests_py/resources/mjlog/):
 * - `<GO type>` the rule flags (red fives, open tanyao, hanchan); `<UN>` the names (every UTF-8
 *   byte %-encoded, as Tenhou does), with dan 0 (新人), rate 1500 and sx `C` (computer) for bots,
 *   `M` (Tenhou's default) for the others;
 * - per hand `<INIT seed="round,honba,sticks,dice,dice,dora" ten oya hai0..3/>` (the engine has
 *   no dice: 0,0), draws `<T12/>` (T U V W by seat), discards `<D12/>` (D E F G), calls
 *   `<N who m/>`, `<REACH step="1"/>` before the riichi discard and `step="2"` with the scores
 *   once the stick is down, `<DORA hai/>` as it turns (before the discard that turns it), then
 *   `<AGARI/>` per winner or `<RYUUKYOKU/>`, the last with `owari` once the game is over.
 * Scores are in hundreds, as Tenhou writes them. There is no `<SHUFFLE>` seed: Tenhou's is its
 * own shuffle's, which the engine does not use (the walls are in the log). A hand ended by chombo
 * is left out, as in the tenhou.net/6 export: mjlog has no way to write it.
 */
export function toMjlog(game: Pick<Game, 'rules' | 'hands' | 'standings'>, players: MjlogPlayers = {}): string {
  const names = players.names ?? ['East', 'South', 'West', 'North'];
  const hands = game.hands.filter((h) => h.result?.kind !== 'chombo');
  const out: string[] = [
    '<mjloggm ver="2.3">',
    `<GO type="${goType(game.rules)}" lobby="0"/>`,
    el('UN', {
      n0: tenhouEncode(names[0]), n1: tenhouEncode(names[1]), n2: tenhouEncode(names[2]), n3: tenhouEncode(names[3]),
      dan: '0,0,0,0', rate: '1500.00,1500.00,1500.00,1500.00', sx: [0, 1, 2, 3].map((s) => (players.bots?.[s] ? 'C' : 'M')).join(','),
    }),
    '<TAIKYOKU oya="0"/>',
  ];
  hands.forEach((h, i) => out.push(...handTags(h, game.rules, i === hands.length - 1 && h.result ? game.standings : null)));
  out.push('</mjloggm>');
  return out.join('');
}

export interface MjlogPlayers {
  /** The players' names, seat 0 (the first dealer) first; default the seat winds. */
  names?: Four<string>;
  /** Seats played by the server's bots (written `sx="C"`). */
  bots?: readonly boolean[];
}

/** `<NAME a="…"/>`, attributes in the order given. */
const el = (name: string, attrs: Record<string, string | number>) =>
  `<${name}${Object.entries(attrs).map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`).join('')}/>`;

/** Tenhou %-encodes every byte of a name's UTF-8, letters included. */
export const tenhouEncode = (name: string): string =>
  Array.from(new TextEncoder().encode(name), (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * Tenhou's `GO type` bits: 0x01 a real game (not a demo), 0x02 no red fives, 0x04 no open
 * tanyao, 0x08 hanchan; room level 0 (一般), four players, normal speed.
 */
export function goType(r: Ruleset): number {
  return 0x01 | (r.redFives.every((x) => x === 0) ? 0x02 : 0) | (r.openTanyao ? 0 : 0x04) | (r.length === 'hanchan' ? 0x08 : 0);
}

const DRAW_TYPE: Record<DrawKind, string | null> = {
  exhaustive: null, nagashiMangan: 'nm', nineTerminals: 'yao9', fourWinds: 'kaze4', fourRiichi: 'reach4', tripleRon: 'ron3', fourKans: 'kan4',
};
const LIMIT_CODE: Record<LimitName, number> = { mangan: 1, haneman: 2, baiman: 3, sanbaiman: 4, yakuman: 5, kazoeYakuman: 5 };

const hundreds = (xs: readonly number[]) => xs.map((x) => x / 100).join(',');
const ids = (xs: readonly TileId[]) => xs.join(',');
const sorted = (xs: readonly TileId[]) => [...xs].sort((a, b) => a - b);

function handTags(h: HandLog, rules: Ruleset, standings: Game['standings']): string[] {
  const dealer = h.round % 4;
  const out: string[] = [
    el('INIT', {
      seed: [h.round, h.honba, h.riichiSticks, 0, 0, h.doraIndicators[0]].join(','),
      ten: hundreds(h.startScores),
      oya: dealer,
      hai0: ids(h.haipai[0]), hai1: ids(h.haipai[1]), hai2: ids(h.haipai[2]), hai3: ids(h.haipai[3]),
    }),
  ];
  let scores = [...h.startScores];
  let sticks = h.riichiSticks;
  // A discard is held back until the dora it turns (if any) is written before it, as Tenhou does.
  let discard: string | null = null;
  const flush = () => {
    if (discard) out.push(discard);
    discard = null;
  };
  for (const e of handEvents(h, { rules })) {
    if (e.type === 'doraRevealed') {
      out.push(el('DORA', { hai: e.indicator }));
      continue;
    }
    flush();
    switch (e.type) {
      case 'drew':
        if (e.tile !== undefined) out.push(`<${'TUVW'[e.seat]}${e.tile}/>`);
        break;
      case 'discarded':
        if (e.riichi) out.push(el('REACH', { who: e.seat, step: 1 }));
        discard = `<${'DEFG'[e.seat]}${e.tile}/>`;
        break;
      case 'riichiAccepted':
        scores = [...e.scores];
        sticks = e.riichiSticks;
        out.push(el('REACH', { who: e.seat, ten: hundreds(e.scores), step: 2 }));
        break;
      case 'called':
        out.push(el('N', { who: e.seat, m: encodeMeld(e.seat, e.meld) }));
        break;
      case 'handEnded':
        out.push(...robbedKan(h), ...resultTags(e.result, h, scores, sticks, dealer));
        break;
    }
  }
  flush();
  if (standings && out.length > 1) {
    // `owari`: final scores (hundreds) and game points, by seat, on the game's last tag.
    const bySeat = [0, 1, 2, 3].map((s) => standings.find((x) => x.seat === s)!);
    const owari = bySeat.flatMap((s) => [s.points / 100, s.final.toFixed(1)]).join(',');
    out[out.length - 1] = out[out.length - 1].replace(/\/>$/, ` owari="${owari}"/>`);
  }
  return out;
}

/**
 * A kan robbed by chankan is not among the hand's steps (it never completed); Tenhou writes it,
 * as `<N>`, right before the AGARI that robs it.
 */
function robbedKan(h: HandLog): string[] {
  const w = h.result?.kind === 'win' ? h.result.wins[0] : undefined;
  if (!w || w.tsumo || !w.score.yaku.some((y) => y.id === 'chankan')) return [];
  const kind = w.winTile >> 2;
  const pon = h.steps.findLast((s) => s.type === 'call' && s.seat === w.from && s.meld.type === 'pon' && s.meld.tiles[0] >> 2 === kind);
  if (pon?.type !== 'call') return [];
  const kan: Meld = { type: 'shouminkan', tiles: sorted([...pon.meld.tiles, w.winTile]), calledTile: pon.meld.calledTile, from: pon.meld.from, addedTile: w.winTile };
  return [el('N', { who: w.from, m: encodeMeld(w.from, kan) })];
}

function resultTags(r: HandResult, h: HandLog, scores: number[], sticks: number, dealer: number): string[] {
  const running = [...scores];
  const sc = (deltas: readonly number[]) => {
    const s = running.flatMap((x, i) => [x / 100, deltas[i] / 100]).join(',');
    deltas.forEach((d, i) => (running[i] += d));
    return s;
  };
  if (r.kind === 'win') {
    // Honba and sticks go to the first winner; Tenhou writes the others' `ba` with no sticks.
    return r.wins.map((w, i) => agari(w, h, i === 0 ? sticks : 0, dealer, sc(w.deltas)));
  }
  const type = DRAW_TYPE[r.draw ?? 'exhaustive'];
  const hai = Object.fromEntries(revealed(r, h).map((x) => [`hai${x.seat}`, ids(sorted(x.concealed))]));
  return [el('RYUUKYOKU', { ...(type ? { type } : {}), ba: `${h.honba},${sticks}`, sc: sc(r.deltas), ...hai })];
}

/**
 * The hands a draw shows: the engine's (tenpai hands; at four riichi all four; at three rons the
 * winners'), and for nine terminals the declarer's fourteen, which Tenhou shows too: its deal and
 * the one draw it has had (the declaration comes on a first, uninterrupted turn).
 */
function revealed(r: HandResult, h: HandLog): HandResult['revealed'] {
  const last = h.steps.at(-1);
  if (r.draw !== 'nineTerminals' || r.revealed.length > 0 || last?.type !== 'draw') return r.revealed;
  return [{ seat: last.seat, concealed: [...h.haipai[last.seat], last.tile] }];
}

function agari(w: WinRecord, h: HandLog, sticks: number, dealer: number, sc: string): string {
  const s = w.score;
  const ceil100 = (x: number) => Math.ceil(x / 100) * 100;
  const base = s.basePoints;
  // The hand's value, honba and sticks not included.
  const value = !w.tsumo ? ceil100(base * (w.winner === dealer ? 6 : 4)) : w.winner === dealer ? 3 * ceil100(base * 2) : 2 * ceil100(base) + ceil100(base * 2);
  const seatWind = 27 + ((w.winner - dealer + 4) % 4);
  const roundWind = 27 + ((h.round >> 2) % 4);
  const tenhouId = (id: (typeof s.yaku)[number]['id']) => {
    const name = id === 'yakuhaiSeatWind' ? tenhouYakuName(id, seatWind) : id === 'yakuhaiRoundWind' ? tenhouYakuName(id, roundWind) : tenhouYakuName(id);
    return TENHOU6_YAKU.findIndex((y) => y.name === name);
  };
  const yakuman = s.yaku.filter((y) => y.yakuman);
  const melds = [...w.melds].reverse(); // Tenhou lists the last call first
  return el('AGARI', {
    ba: `${h.honba},${sticks}`,
    hai: ids(sorted([...w.concealed, w.winTile])),
    ...(melds.length ? { m: melds.map((m) => encodeMeld(w.winner, m)).join(',') } : {}),
    machi: w.winTile,
    ten: `${s.fu},${value},${s.limit ? LIMIT_CODE[s.limit] : 0}`,
    ...(yakuman.length ? { yakuman: yakuman.map((y) => tenhouId(y.id)).join(',') } : { yaku: s.yaku.flatMap((y) => [tenhouId(y.id), y.han]).join(',') }),
    doraHai: ids(h.doraIndicators),
    ...(w.uraIndicators.length ? { doraHaiUra: ids(w.uraIndicators) } : {}),
    who: w.winner,
    fromWho: w.from,
    ...(w.pao !== null ? { paoWho: w.pao } : {}),
    sc,
  });
}
