/**
 * Test-only reader of the tenhou.net/6 corpus: rebuilds each winner's hand by replaying that
 * seat's own haipai, draws and discards, and takes everything that depends on the whole table
 * (riichi, ippatsu, haitei, rinshan, chankan, tenhou …) from the logged yaku list.
 * Not the real log parser (that lives in shared/src/logs/); just enough to check scoring.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WinInput } from '@jantaku/shared/scoring/types';
import type { Meld, MeldType } from '@jantaku/shared/tiles/meld';

export const CORPUS = join(import.meta.dirname, '../../../shared/corpus/tenhou6');

/** Tenhou's yaku names (and the English ones of one edge case) to our ids. */
export const TENHOU_YAKU: Record<string, string> = {
  門前清自摸和: 'menzenTsumo', 立直: 'riichi', 両立直: 'doubleRiichi', 一発: 'ippatsu', 平和: 'pinfu',
  断幺九: 'tanyao', 一盃口: 'iipeikou', 二盃口: 'ryanpeikou', '役牌 白': 'yakuhaiHaku', '役牌 發': 'yakuhaiHatsu',
  '役牌 中': 'yakuhaiChun', 海底摸月: 'haitei', 河底撈魚: 'houtei', 嶺上開花: 'rinshan', 槍槓: 'chankan',
  三色同順: 'sanshokuDoujun', 三色同刻: 'sanshokuDoukou', 一気通貫: 'ittsu', 混全帯幺九: 'chanta', 純全帯幺九: 'junchan',
  混老頭: 'honroutou', 対々和: 'toitoi', 三暗刻: 'sanankou', 三槓子: 'sankantsu', 小三元: 'shousangen',
  七対子: 'chiitoitsu', 混一色: 'honitsu', 清一色: 'chinitsu', ドラ: 'dora', 赤ドラ: 'akaDora', 裏ドラ: 'uraDora',
  天和: 'tenhou', 地和: 'chiihou', 国士無双: 'kokushi', '国士無双１３面': 'kokushi13', 四暗刻: 'suuankou',
  四暗刻単騎: 'suuankouTanki', 大三元: 'daisangen', 小四喜: 'shousuushii', 大四喜: 'daisuushii', 字一色: 'tsuuiisou',
  清老頭: 'chinroutou', 緑一色: 'ryuuiisou', 九蓮宝燈: 'chuuren', 純正九蓮宝燈: 'junseiChuuren', 四槓子: 'suukantsu',
  Riichi: 'riichi', Dora: 'dora', 'Ura Dora': 'uraDora',
};
const WINDS = '東南西北';
for (let i = 0; i < 4; i++) {
  TENHOU_YAKU[`自風 ${WINDS[i]}`] = 'yakuhaiSeatWind';
  TENHOU_YAKU[`場風 ${WINDS[i]}`] = 'yakuhaiRoundWind';
}

export interface CorpusWin {
  where: string;
  winner: number;
  from: number;
  input: WinInput;
  /** The logged yaku: id -> han (13 per yakuman), 0-han entries dropped. */
  yaku: Map<string, number>;
  pointsText: string;
  deltas: number[];
  /** Riichi sticks this winner collects (header sticks plus this hand's accepted riichi). */
  sticks: number;
}

type Entry = number | string;

/**
 * Tenhou tile number (11..47, 51..53 red fives) to a tile id; plain fives avoid copy 0 (red).
 * Copies of a kind share one id: scoring only looks at kinds and redness.
 */
export function tileId(n: number): number {
  if (n >= 51) return (n - 51) * 36 + 16;
  const kind = n >= 41 ? 27 + n - 41 : ((n / 10) | 0) * 9 - 9 + (n % 10) - 1;
  return kind * 4 + (n % 10 === 5 && n < 40 ? 1 : 0);
}

const callTiles = (s: string): number[] => (s.replace(/[a-z]/, '').match(/\d\d/g) ?? []).map(Number);

interface SeatReplay {
  hand: number[];
  melds: Meld[];
  lastDraw: number;
  /** The last tile this seat let go of: a discard, or the tile added by a kakan/ankan. */
  lastOut: number;
  lastWasRiichi: boolean;
  riichi: boolean;
  /** The tile drawn after the last discard (a tsumo win), if any. */
  winDraw: number | null;
}

function take(hand: number[], n: number): void {
  const i = hand.indexOf(n);
  if (i < 0) throw new Error(`tile ${n} not in hand ${hand.join(',')}`);
  hand.splice(i, 1);
}

const meld = (type: MeldType, tiles: number[], extra: Partial<Meld> = {}): Meld => ({
  type,
  tiles: tiles.map(tileId).sort((a, b) => a - b),
  ...extra,
});

/** Replays one seat's haipai, draws and discards. */
function replaySeat(seat: number, haipai: number[], draws: Entry[], discards: Entry[]): SeatReplay {
  const r: SeatReplay = { hand: [...haipai], melds: [], lastDraw: 0, lastOut: 0, lastWasRiichi: false, riichi: false, winDraw: null };
  for (let i = 0; i < draws.length; i++) {
    const d = draws[i];
    if (i >= discards.length) {
      r.winDraw = d as number;
      break;
    }
    if (typeof d === 'number') {
      r.hand.push(d);
      r.lastDraw = d;
    } else {
      const letter = d.match(/[a-z]/)![0];
      const pos = d.indexOf(letter);
      const called = Number(d.slice(pos + 1, pos + 3));
      const tiles = callTiles(d);
      const from = (seat + (pos === 0 ? 3 : pos === 2 ? 2 : 1)) % 4;
      const own = [...tiles];
      own.splice(own.indexOf(called), 1);
      for (const t of own) take(r.hand, t);
      r.melds.push(meld(letter === 'c' ? 'chii' : letter === 'p' ? 'pon' : 'daiminkan', tiles, { calledTile: tileId(called), from }));
    }
    const x = discards[i];
    r.lastWasRiichi = false;
    if (typeof x === 'number') {
      if (x === 0) continue; // the slot after a daiminkan
      const t = x === 60 ? r.lastDraw : x;
      take(r.hand, t);
      r.lastOut = t;
    } else if (x[0] === 'r') {
      const n = Number(x.slice(1));
      const t = n === 60 ? r.lastDraw : n;
      take(r.hand, t);
      r.lastOut = t;
      r.riichi = r.lastWasRiichi = true;
    } else {
      const letter = x.match(/[ak]/)![0];
      const pos = x.indexOf(letter);
      const added = Number(x.slice(pos + 1, pos + 3));
      const tiles = callTiles(x);
      if (letter === 'a') {
        for (const t of tiles) take(r.hand, t);
        r.melds.push(meld('ankan', tiles));
      } else {
        take(r.hand, added);
        const kind = tileId(added) >> 2;
        const i = r.melds.findIndex((m) => m.type === 'pon' && m.tiles[0] >> 2 === kind);
        r.melds[i] = { ...r.melds[i], type: 'shouminkan', tiles: tiles.map(tileId).sort((a, b) => a - b), addedTile: tileId(added) };
      }
      r.lastOut = added;
    }
  }
  return r;
}

function parseYaku(items: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of items) {
    const m = s.match(/^(.*)\((\d+)飜\)$|^(.*)\((役満|ダブル役満)\)$/);
    if (!m) throw new Error(`unreadable yaku "${s}"`);
    const name = m[1] ?? m[3];
    const id = TENHOU_YAKU[name];
    if (!id) throw new Error(`unknown yaku name "${name}"`);
    const han = m[2] !== undefined ? Number(m[2]) : m[4] === '役満' ? 13 : 26;
    if (han > 0) out.set(id, (out.get(id) ?? 0) + han);
  }
  return out;
}

/** Every win of one hand (log entry). */
function handWins(where: string, log: unknown[]): CorpusWin[] {
  const [[kyoku, honba, headerSticks], , dora, ura] = log as [number[], number[], number[], number[]];
  const result = log[16] as unknown[];
  if (result[0] !== '和了') return [];
  const seats = [0, 1, 2, 3].map((s) => replaySeat(s, log[4 + 3 * s] as number[], log[5 + 3 * s] as Entry[], log[6 + 3 * s] as Entry[]));
  const dealerSeat = kyoku % 4;
  const wins: CorpusWin[] = [];
  for (let i = 1; i < result.length; i += 2) {
    const deltas = result[i] as number[];
    const [winner, from, , pointsText, ...yakuText] = result[i + 1] as [number, number, number, string, ...string[]];
    if (pointsText === undefined) continue; // a synthetic log (confusing_nakis_2) with no real result
    const yaku = parseYaku(yakuText);
    const me = seats[winner];
    const tsumo = winner === from;
    const discarder = seats[from];
    // A riichi ron'd on its declaration tile never pays its stick.
    const riichiThisHand = seats.filter((s, seat) => s.riichi && !(seat === from && !tsumo && s.lastWasRiichi)).length;
    const has = (id: string) => yaku.has(id);
    // In a double ron Tenhou pays the sticks and the honba to the first winner listed only.
    const first = i === 1;
    const sticks = first ? headerSticks + riichiThisHand : 0;
    wins.push({
      where: `${where} kyoku ${kyoku} honba ${honba} winner ${winner}`,
      winner,
      from,
      yaku,
      pointsText,
      deltas,
      sticks,
      input: {
        concealed: me.hand.map(tileId),
        winTile: tileId(tsumo ? me.winDraw! : discarder.lastOut),
        melds: me.melds,
        tsumo,
        seatWind: 27 + ((winner - dealerSeat + 4) % 4),
        roundWind: 27 + ((kyoku / 4) | 0),
        dealer: winner === dealerSeat,
        riichi: has('doubleRiichi') ? 'double' : has('riichi') ? 'riichi' : 'none',
        ippatsu: has('ippatsu'),
        haitei: has('haitei'),
        houtei: has('houtei'),
        rinshan: has('rinshan'),
        chankan: has('chankan'),
        tenhou: has('tenhou'),
        chiihou: has('chiihou'),
        doraIndicators: dora.map(tileId),
        uraIndicators: ura.map(tileId),
        honba: first ? honba : 0,
        riichiSticks: sticks,
      },
    });
  }
  return wins;
}

/** All wins of games/*.json (one hand a line) and edge-cases/*.json (one game a file). */
export function corpusWins(): CorpusWin[] {
  const wins: CorpusWin[] = [];
  for (const dir of ['games', 'edge-cases']) {
    for (const file of readdirSync(join(CORPUS, dir)).filter((f) => f.endsWith('.json')).sort()) {
      const lines = readFileSync(join(CORPUS, dir, file), 'utf8').split('\n').filter((l) => l.trim());
      lines.forEach((line, n) => {
        const game = JSON.parse(line) as { log: unknown[][] };
        game.log.forEach((log, h) => wins.push(...handWins(`${dir}/${file}:${n + 1}#${h}`, log)));
      });
    }
  }
  return wins;
}
