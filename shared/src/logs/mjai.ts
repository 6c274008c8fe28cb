import { isRedId, kindOf, suitOf, type TileId, type TileKind } from '../tiles';
import type { Meld } from '../tiles/meld';
import type { Game, HandLog } from '../game/game';
import type { Command, GameEvent, HandResult, Seat } from '../game/types';
import type { RefereeEvent } from '../referee/referee';
import { handTotal } from '../scoring/payment';
import { gimiteYakuName } from './mjaiYaku';

/**
 * The mjai protocol (gimite/mjai, Mortal, mjai.app; notes in ../shared/design/mjai.md), pure:
 * tiles both ways, the engine's events as the mjai messages one seat (or a full-information log)
 * sees, and an mjai bot's reply as the Command it declares. Seats are absolute, as in mjai.
 */

/** Red fives per suit (man, pin, sou), as the ruleset's `redFives`: copy 0 of a five is red only where 1. */
export type RedFives = readonly [number, number, number];
export const ALL_RED: RedFives = [1, 1, 1];

/** One mjai message: `type` and its fields (an open record: bots and servers add fields). */
export type MjaiMessage = { type: string } & Record<string, unknown>;

const HONOURS = ['E', 'S', 'W', 'N', 'P', 'F', 'C'];
const SUITS = 'mps';
export const MJAI_WINDS = ['E', 'S', 'W', 'N'] as const;
/** The tile others may not see. */
export const HIDDEN = '?';

/** The mjai name of a kind: `1m`…`9s`, `E S W N P F C`. */
export function kindToMjai(k: TileKind): string {
  return k >= 27 ? HONOURS[k - 27] : `${(k % 9) + 1}${SUITS[(k / 9) | 0]}`;
}

const isRedUnder = (t: TileId, red: RedFives): boolean => isRedId(t) && red[suitOf(kindOf(t)) as 0 | 1 | 2] === 1;

/** The mjai name of a tile id: a red five (copy 0, where the ruleset has it) is `5mr`/`5pr`/`5sr`. */
export function tileToMjai(t: TileId, red: RedFives = ALL_RED): string {
  return kindToMjai(kindOf(t)) + (isRedUnder(t, red) ? 'r' : '');
}

/** Parses an mjai tile name into a kind and red flag; null for anything else (`?`, `0m`, `5er`…). */
export function parseMjaiTile(s: unknown): { kind: TileKind; red: boolean } | null {
  if (typeof s !== 'string') return null;
  const h = HONOURS.indexOf(s);
  if (h >= 0) return { kind: 27 + h, red: false };
  const m = /^([1-9])([mps])(r?)$/.exec(s);
  if (!m) return null;
  const red = m[3] === 'r';
  if (red && m[1] !== '5') return null;
  return { kind: SUITS.indexOf(m[2]) * 9 + Number(m[1]) - 1, red };
}

/**
 * The tile ids a name may stand for under `red`: `5mr` only copy 0 (and only where red fives
 * exist), `5m` the plain copies (all four where the suit has no red five).
 */
export function idsOfMjai(s: unknown, red: RedFives = ALL_RED): TileId[] {
  const p = parseMjaiTile(s);
  if (!p) return [];
  const all = [0, 1, 2, 3].map((c) => p.kind * 4 + c);
  return all.filter((t) => isRedUnder(t, red) === p.red);
}

/** One id for a name (the lowest it may stand for), or -1 when the name is no tile of this game. */
export function mjaiToTile(s: unknown, red: RedFives = ALL_RED): TileId {
  return idsOfMjai(s, red)[0] ?? -1;
}

/**
 * Ids for `names` taken from `hand`, each id once. A name the hand does not hold becomes an id of
 * that tile the hand does not hold (the declaration as made: the referee refuses or penalises it),
 * and a name that is no tile becomes -1 (refused as malformed). Nothing is corrected.
 */
export function pickTiles(names: readonly unknown[], hand: readonly TileId[], red: RedFives = ALL_RED, prefer: TileId | null = null): TileId[] {
  const used = new Set<TileId>();
  return names.map((name) => {
    const ids = idsOfMjai(name, red);
    if (ids.length === 0) return -1;
    const held = ids.filter((t) => hand.includes(t) && !used.has(t));
    const pick = prefer !== null && held.includes(prefer) ? prefer : (held[0] ?? ids.find((t) => !hand.includes(t) && !used.has(t)) ?? ids[0]);
    used.add(pick);
    return pick;
  });
}

// ------------------------------------------------------------------ engine events -> mjai

/** What a seat is asked when a message is sent: the reply to it is the seat's declaration. */
export type AskKind = 'turn' | 'afterCall' | 'claim' | 'riichi';

export interface Translated {
  messages: MjaiMessage[];
  /** Index in `messages` of the message whose reply is the seat's action, or null: nothing asked. */
  ask: number | null;
  askKind: AskKind | null;
}

export interface TranslatorOptions {
  /** The seat the messages are for, or 'all' for a full-information log (every tile shown). */
  viewer: Seat | 'all';
  redFives?: RedFives;
  names?: string[];
}

const SEATS: readonly Seat[] = [0, 1, 2, 3];

/** The messages of one `translate` call as they are built. */
interface Batch {
  out: MjaiMessage[];
  ask: number | null;
  askKind: AskKind | null;
  /** Index of the last `dahai` in `out`. */
  lastDahai: number;
}

/** The last message built asks the seat for its action. */
function ask(b: Batch, kind: AskKind): void {
  b.ask = b.out.length - 1;
  b.askKind = kind;
}

/** The messages of a hand's end: one `hora` a winner (or a `ryukyoku`), then `end_kyoku`. */
function endMessages(result: HandResult, scores: number[], before: number[], ura: TileId[], t: (x: TileId) => string, dealer: Seat): MjaiMessage[] {
  const out: MjaiMessage[] = [];
  if (result.kind === 'win') {
    const running = [...before];
    for (const w of result.wins) {
      w.deltas.forEach((d, i) => (running[i] += d));
      const s = w.score;
      out.push({
        type: 'hora', actor: w.winner, target: w.from, pai: t(w.winTile),
        hora_tehais: [...w.concealed].sort((a, b) => a - b).map(t),
        ura_markers: (w.uraIndicators.length ? w.uraIndicators : ura).map(t),
        // As gimite/mjai writes them: its yaku names, and `hora_points` the hand's value (honba and riichi sticks are in `deltas` only).
        yakus: s.yaku.map((y) => [gimiteYakuName(y.id), y.han]), fu: s.fu, fan: s.han, hora_points: handTotal(s.basePoints, w.winner === dealer, w.tsumo),
        deltas: [...w.deltas], scores: [...running],
      });
    }
  } else {
    // A chombo ends the hand without a result in mjai's vocabulary: a ryukyoku with its reason.
    const reason = result.kind === 'chombo' ? 'chombo' : DRAW_REASON[result.draw ?? 'exhaustive'];
    const tenpais = SEATS.map((s) => result.tenpai.includes(s));
    const tehais = SEATS.map((s) => result.revealed.find((r) => r.seat === s)?.concealed.slice().sort((a, b) => a - b).map(t) ?? null);
    out.push({ type: 'ryukyoku', reason, deltas: [...result.deltas], tenpais, tehais: tehais.map((h) => h ?? []), scores: [...scores] });
  }
  out.push({ type: 'end_kyoku' });
  return out;
}

const DRAW_REASON: Record<NonNullable<HandResult['draw']>, string> = {
  exhaustive: 'fanpai', nagashiMangan: 'nagashimangan', nineTerminals: 'kyushukyuhai', fourWinds: 'sufonrenta',
  fourKans: 'sukaikan', fourRiichi: 'suchareach', tripleRon: 'sanchaho',
};

/**
 * Turns the engine's events (as one seat receives them, or all of them for a log) into mjai
 * messages, keeping what it needs between calls: the viewer's concealed hand (to map replies to
 * tile ids), every seat's pons (for kakan), the scores, and whether the viewer's own `reach` was
 * already sent to it. Pure: no I/O.
 */
export class MjaiTranslator {
  readonly viewer: Seat | 'all';
  readonly red: RedFives;
  private readonly names: string[];
  private started = false;
  private pendingStart: Extract<GameEvent, { type: 'handStarted' }> | null = null;
  private dealer: Seat = 0;
  private haipai: (TileId[] | null)[] = [null, null, null, null];
  /** The viewer's concealed tiles (all seats' for 'all'); its drawn tile. */
  readonly hands: TileId[][] = [[], [], [], []];
  drawn: TileId | null = null;
  private melds: Meld[][] = [[], [], [], []];
  scores: number[] = [0, 0, 0, 0];
  /** The viewer sent `reach` already (the bridge echoes it at once, as gimite's server does). */
  private reachSent = false;
  /** A kakan or robbable ankan already announced with its chankan window: [seat, kind]. */
  private kanAnnounced: [Seat, TileKind] | null = null;
  /** The reason of the claim window last opened (its offer follows it). */
  private windowReason: 'discard' | 'chankan' = 'discard';

  constructor(opts: TranslatorOptions) {
    this.viewer = opts.viewer;
    this.red = opts.redFives ?? ALL_RED;
    this.names = opts.names ?? ['East', 'South', 'West', 'North'];
  }

  private sees(seat: Seat): boolean {
    return this.viewer === 'all' || this.viewer === seat;
  }
  private t = (x: TileId): string => tileToMjai(x, this.red);

  /** The viewer's own `reach` has been sent to it by the bridge: do not send it again with the discard. */
  noteReachSent(): void {
    this.reachSent = true;
  }

  /** The viewer's hand now (concealed tiles, the drawn one included). */
  get hand(): TileId[] {
    return this.viewer === 'all' ? [] : this.hands[this.viewer];
  }

  translate(events: readonly RefereeEvent[]): Translated {
    const b: Batch = { out: [], ask: null, askKind: null, lastDahai: -1 };
    const me = this.viewer;
    for (const e of events) {
      if (e.to !== 'all' && me !== 'all' && e.to !== me) continue;
      switch (e.type) {
        case 'handStarted':
          this.startHand(e);
          break;
        case 'dealt':
          if (!this.sees(e.seat)) break;
          this.haipai[e.seat] = [...e.tiles];
          this.hands[e.seat] = [...e.tiles];
          break;
        case 'drew':
          this.flushStart(b.out);
          this.onDrew(e, b);
          break;
        case 'discarded':
          this.flushStart(b.out);
          this.onDiscarded(e, b);
          break;
        case 'riichiAccepted': {
          const deltas = SEATS.map((s) => e.scores[s] - this.scores[s]);
          this.scores = [...e.scores];
          b.out.push({ type: 'reach_accepted', actor: e.seat, deltas, scores: [...e.scores] });
          break;
        }
        case 'called':
          this.onCalled(e, b);
          break;
        case 'doraRevealed':
          b.out.push({ type: 'dora', dora_marker: this.t(e.indicator) });
          break;
        case 'claimWindow':
          this.onClaimWindow(e, b);
          break;
        case 'claimOffered':
          this.onClaimOffered(e, b);
          break;
        case 'handEnded': {
          this.flushStart(b.out);
          const before = this.scores;
          this.scores = [...e.scores];
          b.out.push(...this.chankanBeforeWin(e.result), ...endMessages(e.result, e.scores, before, e.uraIndicators, this.t, this.dealer));
          b.ask = b.askKind = null;
          break;
        }
        case 'gameEnded':
          b.out.push({ type: 'end_game', scores: [...this.scores] });
          break;
        default:
          // Faults, penalties, dead hands and penalty tiles have no mjai message.
          break;
      }
    }
    this.flushStart(b.out);
    if (b.ask !== null && (b.ask < 0 || b.ask >= b.out.length)) b.ask = b.askKind = null;
    return { messages: b.out, ask: b.ask, askKind: b.askKind };
  }

  private startHand(e: Extract<GameEvent, { type: 'handStarted' }>): void {
    this.pendingStart = e;
    this.dealer = e.dealer;
    this.haipai = [null, null, null, null];
    this.melds = [[], [], [], []];
    for (const s of SEATS) this.hands[s] = [];
    this.drawn = null;
    this.reachSent = false;
    this.kanAnnounced = null;
    this.scores = [...e.scores];
  }

  private onDrew(e: Extract<GameEvent, { type: 'drew' }>, b: Batch): void {
    if (e.tile === undefined) {
      // The seat's own draw comes twice (privately with the tile, and to all without it).
      if (!this.sees(e.seat)) b.out.push({ type: 'tsumo', actor: e.seat, pai: HIDDEN });
      return;
    }
    this.hands[e.seat].push(e.tile);
    b.out.push({ type: 'tsumo', actor: e.seat, pai: this.t(e.tile) });
    if (e.seat === this.viewer) {
      this.drawn = e.tile;
      ask(b, 'turn');
    }
  }

  private onDiscarded(e: Extract<GameEvent, { type: 'discarded' }>, b: Batch): void {
    const mine = e.seat === this.viewer;
    if (e.riichi && !(mine && this.reachSent)) b.out.push({ type: 'reach', actor: e.seat });
    if (mine) {
      this.reachSent = false;
      this.drawn = null;
    }
    remove(this.hands[e.seat], e.tile);
    b.out.push({ type: 'dahai', actor: e.seat, pai: this.t(e.tile), tsumogiri: e.tsumogiri });
    b.lastDahai = b.out.length - 1;
    if (b.askKind !== 'claim') b.ask = b.askKind = null;
  }

  private onCalled(e: Extract<GameEvent, { type: 'called' }>, b: Batch): void {
    const m = e.meld;
    const announced = this.kanAnnounced;
    this.kanAnnounced = null;
    // An added kan replaces its pon.
    this.melds[e.seat] = this.melds[e.seat].filter((x) => !(m.type === 'shouminkan' && x.type === 'pon' && kindOf(x.tiles[0]) === kindOf(m.tiles[0])));
    this.melds[e.seat].push(m);
    for (const x of m.type === 'shouminkan' ? [m.addedTile!] : m.tiles.filter((t) => t !== m.calledTile)) remove(this.hands[e.seat], x);
    if (e.seat === this.viewer) this.drawn = null;
    // Announced already when its chankan window opened.
    if (announced && announced[0] === e.seat && announced[1] === kindOf(m.tiles[0]) && (m.type === 'shouminkan' || m.type === 'ankan')) return;
    b.out.push(this.callMessage(e.seat, m));
    if (e.seat === this.viewer && (m.type === 'chii' || m.type === 'pon')) ask(b, 'afterCall');
  }

  /** The viewer is asked to answer the window just opened (its `claimWindow` came right before). */
  private onClaimOffered(e: Extract<GameEvent, { type: 'claimOffered' }>, b: Batch): void {
    if (this.viewer === 'all' || e.seat !== this.viewer) return;
    if (this.windowReason === 'discard') {
      // The reply to the discard is the seat's answer; a dora turned with it comes after.
      b.ask = b.lastDahai >= 0 ? b.lastDahai : b.out.length - 1;
      b.askKind = 'claim';
    } else ask(b, 'claim');
  }

  private onClaimWindow(e: Extract<GameEvent, { type: 'claimWindow' }>, b: Batch): void {
    this.windowReason = e.reason;
    if (e.reason === 'discard') return;
    // An added kan (or a concealed one only kokushi may rob) is announced when it may be robbed.
    const kind = kindOf(e.tile);
    const pon = this.melds[e.from].find((x) => x.type === 'pon' && kindOf(x.tiles[0]) === kind);
    remove(this.hands[e.from], e.tile);
    this.kanAnnounced = [e.from, kind];
    b.out.push(pon
      ? { type: 'kakan', actor: e.from, pai: this.t(e.tile), consumed: pon.tiles.map(this.t) }
      : { type: 'ankan', actor: e.from, consumed: [0, 1, 2, 3].map((c) => this.t(kind * 4 + c)) });
  }

  /** start_game (once) and start_kyoku, as soon as the viewer's deal is known. */
  private flushStart(out: MjaiMessage[]): void {
    const e = this.pendingStart;
    if (!e) return;
    if (this.viewer !== 'all' && this.haipai[this.viewer] === null) return;
    if (this.viewer === 'all' && this.haipai.some((h) => h === null)) return;
    this.pendingStart = null;
    if (!this.started) {
      this.started = true;
      out.push({ type: 'start_game', id: this.viewer === 'all' ? 0 : this.viewer, names: [...this.names] });
    }
    out.push({
      type: 'start_kyoku',
      bakaze: MJAI_WINDS[(e.round >> 2) % 4],
      kyoku: (e.round % 4) + 1,
      honba: e.honba,
      kyotaku: e.riichiSticks,
      oya: e.dealer,
      dora_marker: this.t(e.doraIndicator),
      scores: [...e.scores],
      tehais: SEATS.map((s) => (this.haipai[s] ? [...this.haipai[s]!].sort((a, b) => a - b).map(this.t) : Array(13).fill(HIDDEN))),
    });
  }

  private callMessage(seat: Seat, m: Meld): MjaiMessage {
    switch (m.type) {
      case 'ankan':
        return { type: 'ankan', actor: seat, consumed: m.tiles.map(this.t) };
      case 'shouminkan':
        return { type: 'kakan', actor: seat, pai: this.t(m.addedTile!), consumed: m.tiles.filter((x) => x !== m.addedTile).map(this.t) };
      default:
        return { type: m.type === 'chii' ? 'chi' : m.type, actor: seat, target: m.from, pai: this.t(m.calledTile!), consumed: m.tiles.filter((x) => x !== m.calledTile).map(this.t) };
    }
  }

  /** A win on an added kan the stream never announced (no window was opened to the viewer). */
  private chankanBeforeWin(r: HandResult): MjaiMessage[] {
    const w = r.kind === 'win' ? r.wins[0] : undefined;
    if (!w || w.tsumo || this.kanAnnounced) return [];
    if (!w.score.yaku.some((y) => y.id === 'chankan')) return [];
    const pon = this.melds[w.from].find((x) => x.type === 'pon' && kindOf(x.tiles[0]) === kindOf(w.winTile));
    if (!pon) return [];
    return [{ type: 'kakan', actor: w.from, pai: this.t(w.winTile), consumed: pon.tiles.map(this.t) }];
  }
}

function remove(list: TileId[], t: TileId): void {
  const i = list.indexOf(t);
  if (i >= 0) list.splice(i, 1);
}

// ------------------------------------------------------------------ mjai reply -> Command

export interface ReplyContext {
  ask: AskKind;
  /** The seat's concealed tiles (the drawn one included) and its drawn tile. */
  hand: readonly TileId[];
  drawn: TileId | null;
  redFives?: RedFives;
  /** A `reach` may be followed up (the seat's own turn, asked); false: it is declared as it is. */
  followUp?: boolean;
}

/**
 * What an mjai reply declares. `reach` on the seat's own turn is answered by the bridge with the
 * seat's own `reach` message and the reply to that (a `dahai`) becomes the riichi (`followUp`). Anything else maps to
 * the Command it declares, however wrong: a `hora` nothing wins is a false win, a tile not held
 * stays a tile not held, a malformed tile becomes -1, an unknown type is sent as it is; the referee
 * judges it like any other declaration.
 */
export function mjaiReplyToCommand(reply: unknown, ctx: ReplyContext): { command: Command } | { followUp: MjaiMessage } {
  const red = ctx.redFives ?? ALL_RED;
  const r = (reply && typeof reply === 'object' ? reply : { type: String(reply) }) as Record<string, unknown>;
  const consumed = Array.isArray(r.consumed) ? r.consumed : [];
  const one = (name: unknown, prefer: TileId | null = null) => pickTiles([name], ctx.hand, red, prefer)[0];
  const c = (command: unknown) => ({ command: command as Command });
  switch (r.type) {
    case 'dahai': {
      const tile = one(r.pai, r.tsumogiri === true ? ctx.drawn : null);
      return c({ type: ctx.ask === 'riichi' ? 'riichi' : 'discard', tile });
    }
    case 'reach':
      // Only on the seat's own turn does mjai's two-step riichi mean anything.
      if (ctx.ask === 'turn' && ctx.followUp !== false) return { followUp: { type: 'reach', actor: r.actor } };
      return c({ type: 'mjai:reach' });
    case 'hora':
      return c({ type: ctx.ask === 'claim' ? 'ron' : 'tsumo' });
    case 'none':
      return c({ type: 'pass' });
    case 'ryukyoku':
      return c({ type: 'kyuushu' });
    case 'chi':
    case 'pon':
      return c({ type: r.type === 'chi' ? 'chii' : 'pon', tiles: pickTiles(consumed, ctx.hand, red) });
    case 'daiminkan':
      return c({ type: 'daiminkan', tiles: pickTiles(consumed, ctx.hand, red) });
    case 'ankan':
      return c({ type: 'ankan', tile: pickTiles(consumed.length ? consumed : [r.pai], ctx.hand, red)[0] ?? -1 });
    case 'kakan':
      return c({ type: 'shouminkan', tile: one(r.pai) });
    default:
      // Not an mjai action: sent as it is, refused by the server as malformed.
      return c({ type: typeof r.type === 'string' ? `mjai:${r.type}` : 'mjai:unknown' });
  }
}

// ------------------------------------------------------------------ a whole game as an mjai log

/** The engine's events of one recorded hand, rebuilt from its log (all tiles shown). */
export function handEvents(h: HandLog, game: Pick<Game, 'rules'>): GameEvent[] {
  const rules = game.rules;
  const dealer = (h.round % 4) as Seat;
  const out: GameEvent[] = [];
  const scores = [...h.startScores];
  let sticks = h.riichiSticks;
  out.push({ to: 'all', type: 'handStarted', round: h.round, honba: h.honba, riichiSticks: h.riichiSticks, dealer, scores: [...scores], doraIndicator: h.doraIndicators[0] });
  for (const s of SEATS) out.push({ to: s, type: 'dealt', seat: s, tiles: [...h.haipai[s]] });
  let shown = 1;
  let pending = 0;
  const reveal = () => {
    if (shown < h.doraIndicators.length) out.push({ to: 'all', type: 'doraRevealed', indicator: h.doraIndicators[shown++] });
  };
  const revealPending = () => {
    for (; pending > 0; pending--) reveal();
  };
  let rinshan = false;
  h.steps.forEach((step, i) => {
    if (step.type === 'draw') {
      out.push({ to: step.seat, type: 'drew', seat: step.seat, tile: step.tile, rinshan }, { to: 'all', type: 'drew', seat: step.seat, rinshan });
      rinshan = false;
    } else if (step.type === 'discard') {
      out.push({ to: 'all', type: 'discarded', seat: step.seat, tile: step.tile, tsumogiri: step.tsumogiri, riichi: step.riichi });
      revealPending();
      // The riichi stick is placed once the discard passes: anything after it, or a draw (not three rons).
      const passed = i + 1 < h.steps.length || (h.result?.kind === 'draw' && h.result.draw !== 'tripleRon');
      if (step.riichi && passed) {
        scores[step.seat] -= rules.riichiStick;
        sticks++;
        out.push({ to: 'all', type: 'riichiAccepted', seat: step.seat, scores: [...scores], riichiSticks: sticks });
      }
    } else {
      out.push({ to: 'all', type: 'called', seat: step.seat, meld: step.meld });
      if (step.meld.type === 'chii' || step.meld.type === 'pon') return;
      rinshan = true;
      if (!rules.kanDora) return;
      revealPending();
      if (step.meld.type === 'ankan' || rules.kanDoraTiming === 'immediate') reveal();
      else pending++;
    }
  });
  if (h.result) {
    const r = h.result;
    // A chombo gives this hand's riichi sticks back before its payments.
    const after = scores.map((s, i) => s + r.deltas[i] + (r.sticksReturned?.includes(i as Seat) ? rules.riichiStick : 0));
    out.push({ to: 'all', type: 'handEnded', result: r, scores: after, uraIndicators: h.uraIndicators });
  }
  return out;
}

/**
 * A game as an mjai log: JSON lines with every tile shown (as mjai logs are), from `start_game`
 * to `end_game` (the last only once the game is over). A hand ended by chombo is written as a
 * `ryukyoku` with `reason: "chombo"`, mjai having no word for it.
 */
export function exportMjai(game: Game, names?: string[]): string {
  const tr = new MjaiTranslator({ viewer: 'all', redFives: game.rules.redFives, ...(names ? { names } : {}) });
  const lines: MjaiMessage[] = [];
  for (const h of game.hands) lines.push(...tr.translate(handEvents(h, game)).messages);
  if (game.standings) lines.push({ type: 'end_game', scores: [...game.scores] });
  return lines.map((m) => JSON.stringify(m)).join('\n') + '\n';
}
