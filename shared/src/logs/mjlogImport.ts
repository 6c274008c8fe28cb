import type { LimitName } from '../scoring/types';
import { decodeMeld, MeldCodeError } from './mjlogMeld';
import { MjlogError, scanMjlog, type MjlogTag } from './mjlogXml';
import { formatPointsText, type PointsPayment } from './tenhou6Points';
import type { DiscardItem, DrawItem, Four, RelativeSeat, Seat, Tenhou6DrawName, Tenhou6Game, Tenhou6Hand, Tenhou6Result, Tenhou6Win, Tenhou6Yaku, Tile } from './tenhou6Types';
import { TENHOU6_YAKU } from './tenhou6Yaku';

/**
 * Reads an mjlog (Tenhou's XML log, as Tenhou writes it or as `toMjlog` does) into the
 * tenhou.net/6 model, the form every import takes here: `replayGame` then plays it through
 * the engine, which checks every action and every result. Four-player logs only. Names are
 * decoded from `<UN>`; dan, rate and sx go to `extra` as tenhou.net/6 JSON has them, and the
 * final `owari` to `extra.sc`. Throws MjlogError for anything that is not such a log.
 */
export function fromMjlog(xml: string): Tenhou6Game {
  const { root, tags } = scanMjlog(xml);
  if (root.ver !== undefined && root.ver !== '2.3') throw new MjlogError(0, `mjlog version ${root.ver}; version 2.3 is read`);
  const game: Tenhou6Game = { names: ['', '', '', ''], rule: { disp: '', aka: 1 }, hands: [], extra: {} };
  let hand: HandBuilder | null = null;
  const finish = () => {
    if (hand && hand.result) game.hands.push(hand.build());
    else if (hand) throw new MjlogError(hand.at, 'a hand without its AGARI or RYUUKYOKU');
    hand = null;
  };
  for (const t of tags) {
    try {
      const letter = /^([TUVWDEFG])(\d+)$/.exec(t.name);
      if (letter) {
        if (!hand) throw new MjlogError(t.at, `<${t.name}> before any INIT`);
        const i = 'TUVWDEFG'.indexOf(letter[1]);
        if (i < 4) hand.draw(i as Seat, tileId(letter[2]));
        else hand.discard((i - 4) as Seat, tileId(letter[2]));
        continue;
      }
      switch (t.name) {
        case 'GO':
          game.rule = ruleOf(int(t, 'type'));
          break;
        case 'UN':
          // A reconnecting player gets a second UN with only its own name; the first holds all four.
          if (t.attrs.dan === undefined) break;
          game.names = [0, 1, 2, 3].map((s) => decodeName(t, `n${s}`)) as Four<string>;
          game.extra.dan = list(t, 'dan').map((d) => DAN[Number(d)] ?? d);
          if (t.attrs.rate !== undefined) game.extra.rate = list(t, 'rate').map(Number);
          if (t.attrs.sx !== undefined) game.extra.sx = list(t, 'sx');
          break;
        case 'INIT':
          finish();
          hand = new HandBuilder(t, game.rule.aka !== 0);
          break;
        case 'N':
          need(hand, t).call(int(t, 'who') as Seat, int(t, 'm'));
          break;
        case 'REACH':
          if (int(t, 'step') === 1) need(hand, t).riichi(int(t, 'who') as Seat);
          break;
        case 'DORA':
          need(hand, t).doraIndicators.push(need(hand, t).tile(tileId(t.attrs.hai, t)));
          break;
        case 'AGARI':
          need(hand, t).agari(t);
          break;
        case 'RYUUKYOKU':
          need(hand, t).ryuukyoku(t);
          break;
        // SHUFFLE (Tenhou's wall seed), TAIKYOKU, BYE (a disconnection) and others say nothing the replay needs.
      }
      if (t.attrs.owari !== undefined) game.extra.sc = list(t, 'owari').map(Number);
    } catch (e) {
      if (e instanceof MeldCodeError) throw new MjlogError(t.at, e.message);
      throw e;
    }
  }
  finish();
  return game;
}

const DAN = ['新人', '9級', '8級', '7級', '6級', '5級', '4級', '3級', '2級', '1級', '初段', '二段', '三段', '四段', '五段', '六段', '七段', '八段', '九段', '十段', '天鳳位'];

function ruleOf(type: number): Tenhou6Game['rule'] {
  if (type & 0x10) throw new MjlogError(null, 'a three-player log (GO type has 0x10); four-player logs are read');
  const level = ((type & 0x20) >> 4) | ((type & 0x80) >> 7);
  const aka = type & 0x02 ? 0 : 1;
  const disp = `${'般上特鳳'[level]}${type & 0x08 ? '南' : '東'}${type & 0x04 ? '' : '喰'}${aka ? '赤' : ''}`;
  return { disp, aka };
}

function need(hand: HandBuilder | null, t: MjlogTag): HandBuilder {
  if (!hand) throw new MjlogError(t.at, `<${t.name}> before any INIT`);
  return hand;
}

function attr(t: MjlogTag, name: string): string {
  const v = t.attrs[name];
  if (v === undefined) throw new MjlogError(t.at, `<${t.name}> has no ${name}`);
  return v;
}
const list = (t: MjlogTag, name: string): string[] => (attr(t, name) === '' ? [] : attr(t, name).split(','));

function num(t: MjlogTag, name: string, s: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(s)) throw new MjlogError(t.at, `<${t.name} ${name}> has "${s}" where a number belongs`);
  return Number(s);
}
const int = (t: MjlogTag, name: string): number => {
  const n = num(t, name, attr(t, name));
  if (!Number.isInteger(n)) throw new MjlogError(t.at, `<${t.name} ${name}> is not a whole number`);
  return n;
};
const ints = (t: MjlogTag, name: string): number[] => list(t, name).map((s) => num(t, name, s));
const hundreds = (t: MjlogTag, name: string): number[] => ints(t, name).map((x) => Math.round(x * 100));

function tileId(s: string | undefined, t?: MjlogTag): number {
  const n = s !== undefined && /^\d{1,3}$/.test(s) ? Number(s) : -1;
  if (n < 0 || n > 135) throw new MjlogError(t?.at ?? null, `tile "${s}" is not 0..135`);
  return n;
}
/** Tenhou's tile ids: kind * 4 + copy; copy 0 of each five is the red one (where the rules have them). */
const tileOf = (id: number, red: boolean): Tile => {
  const kind = id >> 2;
  return { kind, red: red && kind < 27 && kind % 9 === 4 && id % 4 === 0 };
};

function decodeName(t: MjlogTag, key: string): string {
  try {
    return decodeURIComponent(t.attrs[key] ?? '');
  } catch {
    throw new MjlogError(t.at, `<UN ${key}> is not %-encoded UTF-8`);
  }
}

const DRAW_NAMES: Record<string, Tenhou6DrawName> = {
  nm: '流し満貫', yao9: '九種九牌', kaze4: '四風連打', reach4: '四家立直', ron3: '三家和了', kan4: '四槓散了',
};
const LIMITS: (LimitName | null)[] = [null, 'mangan', 'haneman', 'baiman', 'sanbaiman', 'yakuman'];
const SEATS = [0, 1, 2, 3] as const;

/** One hand as its tags come: draws and discards per seat, paired by index as tenhou.net/6 pairs them. */
class HandBuilder {
  readonly at: number;
  private readonly round: number;
  private readonly honba: number;
  private readonly sticks: number;
  private readonly dealer: Seat;
  private readonly startScores: Four<number>;
  private readonly haipai: Four<Tile[]>;
  readonly doraIndicators: Tile[];
  private uraIndicators: Tile[] = [];
  private readonly draws: Four<DrawItem[]> = [[], [], [], []];
  private readonly discards: Four<DiscardItem[]> = [[], [], [], []];
  /** The tile each seat drew last and has not discarded or called on since (tsumogiri check). */
  private readonly drawn: (number | null)[] = [null, null, null, null];
  private readonly riichiNext = [false, false, false, false];
  result: Tenhou6Result | null = null;

  constructor(
    t: MjlogTag,
    /** The rules have red fives (GO type without 0x02). */
    private readonly red: boolean,
  ) {
    this.at = t.at;
    const seed = ints(t, 'seed');
    if (seed.length !== 6) throw new MjlogError(t.at, '<INIT seed> is not six numbers');
    [this.round, this.honba, this.sticks] = seed;
    this.dealer = int(t, 'oya') as Seat;
    if (this.dealer !== this.round % 4) throw new MjlogError(t.at, `<INIT oya="${this.dealer}"> is not round ${this.round}'s dealer`);
    this.doraIndicators = [this.tile(tileId(String(seed[5]), t))];
    const ten = hundreds(t, 'ten');
    if (ten.length !== 4) throw new MjlogError(t.at, '<INIT ten> is not four scores');
    this.startScores = ten as Four<number>;
    this.haipai = SEATS.map((s) => list(t, `hai${s}`).map((x) => this.tile(tileId(x, t)))) as Four<Tile[]>;
    if (this.haipai.some((h) => h.length !== 13)) throw new MjlogError(t.at, '<INIT> deals a hand of other than 13 tiles');
  }

  tile(id: number): Tile {
    return tileOf(id, this.red);
  }

  draw(seat: Seat, id: number): void {
    this.draws[seat].push({ type: 'draw', tile: this.tile(id) });
    this.drawn[seat] = id;
  }

  discard(seat: Seat, id: number): void {
    this.discards[seat].push({ type: 'discard', tile: this.tile(id), tsumogiri: this.drawn[seat] === id, riichi: this.riichiNext[seat] });
    this.drawn[seat] = null;
    this.riichiNext[seat] = false;
  }

  riichi(seat: Seat): void {
    this.riichiNext[seat] = true;
  }

  call(seat: Seat, code: number): void {
    const m = decodeMeld(seat, code);
    const t = (id: number) => this.tile(id);
    // tenhou.net/6 counts from the caller the other way round: 1 the previous seat, 3 the next.
    const from = (((seat - (m.from ?? seat)) % 4) + 4) % 4 as RelativeSeat;
    const own = tenhouOrder(m.tiles.filter((x) => x !== m.calledTile));
    switch (m.type) {
      case 'ankan':
        this.discards[seat].push({ type: 'ankan', tiles: tenhouOrder(m.tiles).map(t) });
        break;
      case 'shouminkan':
        this.discards[seat].push({
          type: 'shouminkan',
          tile: t(m.addedTile!),
          pon: { tile: t(m.calledTile!), own: own.filter((x) => x !== m.addedTile).map(t), from },
        });
        break;
      default:
        this.draws[seat].push({ type: m.type, tile: t(m.calledTile!), own: own.map(t), from });
        if (m.type === 'daiminkan') this.discards[seat].push({ type: 'daiminkanSkip' });
    }
    this.drawn[seat] = null;
  }

  agari(t: MjlogTag): void {
    const who = int(t, 'who') as Seat;
    const fromWho = int(t, 'fromWho') as Seat;
    const [fu, points, limitCode] = ints(t, 'ten');
    const limit = LIMITS[limitCode] ?? null;
    const yaku: Tenhou6Yaku[] = [];
    const pairs = t.attrs.yaku !== undefined ? ints(t, 'yaku') : [];
    for (let i = 0; i + 1 < pairs.length; i += 2) yaku.push({ ...yakuEntry(t, pairs[i]), han: pairs[i + 1], yakuman: false });
    for (const id of t.attrs.yakuman !== undefined ? ints(t, 'yakuman') : []) yaku.push({ ...yakuEntry(t, id), han: 13, yakuman: true });
    const han = yaku.reduce((n, y) => n + y.han, 0);
    const payment: PointsPayment = who !== fromWho
      ? { type: 'ron', points }
      : who === this.dealer
        ? { type: 'dealerTsumo', each: points / 3 }
        : { type: 'tsumo', ...tsumoSplit(points) };
    const win: Tenhou6Win = {
      deltas: this.deltas(t),
      winner: who,
      from: fromWho,
      pao: t.attrs.paoWho !== undefined ? (int(t, 'paoWho') as Seat) : who,
      pointsText: formatPointsText(limit === null ? { limit, fu, han, payment } : { limit, payment }),
      yaku,
    };
    if (t.attrs.doraHaiUra !== undefined && this.uraIndicators.length === 0) this.uraIndicators = ints(t, 'doraHaiUra').map((x) => this.tile(tileId(String(x), t)));
    if (t.attrs.doraHai !== undefined) this.checkDora(t);
    if (this.result && this.result.type !== 'win') throw new MjlogError(t.at, 'an AGARI after the hand ended in a draw');
    if (this.result) this.result.wins.push(win);
    else this.result = { type: 'win', wins: [win] };
  }

  ryuukyoku(t: MjlogTag): void {
    if (this.result) throw new MjlogError(t.at, 'a RYUUKYOKU after the hand had its result');
    const deltas = this.deltas(t);
    const type = t.attrs.type;
    if (type !== undefined) {
      const name = DRAW_NAMES[type];
      if (!name) throw new MjlogError(t.at, `<RYUUKYOKU type="${type}"> is no draw Tenhou has`);
      this.result = { type: 'draw', name, deltas: type === 'nm' ? deltas : null };
      return;
    }
    // An exhaustive draw shows the tenpai hands; tenhou.net/6 names all and none tenpai apart.
    const tenpai = SEATS.filter((s) => t.attrs[`hai${s}`] !== undefined).length;
    const name = tenpai === 4 ? '全員聴牌' : tenpai === 0 ? '全員不聴' : '流局';
    this.result = { type: 'draw', name, deltas: name === '流局' ? deltas : null };
  }

  /** `sc`: score before and change, in hundreds, for each seat. */
  private deltas(t: MjlogTag): Four<number> {
    const sc = hundreds(t, 'sc');
    if (sc.length !== 8) throw new MjlogError(t.at, `<${t.name} sc> is not eight numbers`);
    return SEATS.map((s) => sc[2 * s + 1]) as Four<number>;
  }

  /** The dora of the win must be the ones turned in the hand (a log that disagrees is refused). */
  private checkDora(t: MjlogTag): void {
    const written = ints(t, 'doraHai').map((x) => this.tile(tileId(String(x), t)));
    const same = written.length === this.doraIndicators.length && written.every((d, i) => d.kind === this.doraIndicators[i].kind && d.red === this.doraIndicators[i].red);
    if (!same) throw new MjlogError(t.at, '<AGARI doraHai> differs from the dora turned in the hand');
  }

  build(): Tenhou6Hand {
    return {
      round: this.round, honba: this.honba, riichiSticks: this.sticks,
      startScores: this.startScores, doraIndicators: this.doraIndicators, uraIndicators: this.uraIndicators,
      haipai: this.haipai, draws: this.draws, discards: this.discards, result: this.result!,
    };
  }
}

/** Tiles of a call in the order Tenhou's tenhou.net/6 writes them: by kind, a red five last. */
const tenhouOrder = (ids: readonly number[]): number[] => [...ids].sort((a, b) => (a >> 2) - (b >> 2) || ((a + 3) % 4) - ((b + 3) % 4));

function yakuEntry(t: MjlogTag, id: number): Pick<Tenhou6Yaku, 'name' | 'id'> {
  const y = TENHOU6_YAKU[id];
  if (!y) throw new MjlogError(t.at, `yaku ${id} is not one of Tenhou's 0..54`);
  return y;
}

/**
 * A non-dealer tsumo's total as its two payments: each non-dealer pays a = ceil100(base), the
 * dealer b = ceil100(2 base), which is 2a or 2a - 100; so the total is 4a or 4a - 100.
 */
function tsumoSplit(total: number): { nonDealer: number; dealer: number } {
  if (total > 0 && total % 400 === 0) return { nonDealer: total / 4, dealer: total / 2 };
  if (total > 0 && (total + 100) % 400 === 0) return { nonDealer: (total + 100) / 4, dealer: (total + 100) / 2 - 100 };
  throw new MjlogError(null, `a tsumo worth ${total} cannot be split into two payments`);
}
