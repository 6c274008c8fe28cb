import { countKinds, isRedId, isTerminalOrHonor, isWind, kindOf, type TileId } from '../tiles';
import type { Meld } from '../tiles/meld';
import type { Ruleset } from '../rules';
import type { ScoreResult, WinInput } from '../scoring/types';
import { isPaoYakuman, meetsShibari, scoreWin } from '../scoring/score';
import { chiiOptions, daiminkanTiles, holdsAll, isRun, kuikaeKinds, ponOptions } from './calls';
import { SeatState } from './seat';
import { LIVE_DRAWS, ShuffledWall, type WallSource } from './wall';
import { WALL_ALGORITHM, type WallAlgorithm } from './shuffle';
import { finalStandings, isGameOver } from './end';
import { manganTsumoDeltas, notenDeltas, winDeltas } from './payments';
import { tenpaiWaits, waits } from '../hand/waits';
import { shanten } from '../hand/shanten';
import type {
  ChomboRecord, Command, DrawKind, GameEvent, HandResult, LegalAction, PenaltyRecord, Refusal, RefusalCode, Result, Seat, Standing, WinRecord,
} from './types';

/** 'draw': waiting for the turn's seat to take its tile (rulesets with `clientDraws`). */
export type Phase = 'draw' | 'turn' | 'claims' | 'handEnded' | 'gameOver';

export interface GameOptions {
  rules: Ruleset;
  /** Seed of the shuffled walls (one wall per deal, derived from the seed and the deal number). */
  seed?: string;
  /** How the seed is shuffled into walls (default: the current one; stored games keep theirs). */
  wallAlgorithm?: WallAlgorithm;
  /** Walls given from outside (replays): the wall of each deal. */
  wallFor?: (deal: number) => WallSource;
  /** Where the first hand starts (replays of a single hand). */
  start?: { round: number; honba: number; riichiSticks: number; scores: number[] };
  /**
   * Judges a hand's end before anything is paid (the referee's deferred faults: noten riichi,
   * an invalid kan in riichi). Returning chombos turns the end into a chombo and a redeal.
   */
  endJudge?: (game: Game, proposed: HandResult) => { seat: Seat; rule: string }[];
  /**
   * Every discard (and robbable kan) opens a window to all three other seats, each answering
   * at least `pass`: the referee's setting, so that a false ron or call can be made at all and
   * a window does not tell who could call.
   */
  fullClaimWindows?: boolean;
  /**
   * Keep `log`, what each seat did, from which `rebuildGame` rebuilds the game (default: true).
   * The referee keeps its own record of every command (`Referee.log`, which replays a refereed
   * game), so its game keeps none: a second copy of each command for the length of the game.
   */
  log?: boolean;
  /**
   * Record each hand's `haipai` and `steps` in `hands` (default: true). A room's game does not:
   * its store keeps the log that rebuilds every record (exports, statistics and replays replay
   * it), and a hand's steps are some 140 objects, up to 10 KB, held by each table being played.
   * Results, scores and indicators are kept either way, and `stepsInHand` and `turnBeganAt`
   * count the steps either way.
   */
  handSteps?: boolean;
}

/** Options of `apply`: refusal codes to apply despite (the referee's penalised faults). */
export interface ApplyOptions {
  allow?: readonly RefusalCode[];
}

/** What the table itself does between hands: the next deal, or the game's end before its length (a tournament's time limit). */
export type TableCommand = { type: 'nextHand' } | { type: 'endGame' };
/** What a seat did, in order: the game is its rules, its seed and this list. */
export type LoggedCommand = { seat: Seat; command: Command } | { seat: -1; command: TableCommand };

interface ClaimWindow {
  tile: TileId;
  from: Seat;
  reason: 'discard' | 'chankan' | 'ankan';
  /** Seats that must answer, with what they may do. */
  options: Map<Seat, LegalAction[]>;
  responses: Map<Seat, Command>;
  /** The kan waiting for the chankan window to close. */
  kan?: { tile: TileId; kind: 'shouminkan' | 'ankan' };
}

/** A record of the hand for exports: every step in order. */
export type HandStep =
  | { type: 'draw'; seat: Seat; tile: TileId }
  | { type: 'discard'; seat: Seat; tile: TileId; tsumogiri: boolean; riichi: boolean }
  | { type: 'call'; seat: Seat; meld: Meld };

export interface HandLog {
  round: number;
  honba: number;
  riichiSticks: number;
  startScores: number[];
  haipai: TileId[][];
  steps: HandStep[];
  doraIndicators: TileId[];
  uraIndicators: TileId[];
  result: HandResult | null;
}

const SEATS: readonly Seat[] = [0, 1, 2, 3];
const NO_OPTIONS: ApplyOptions = {};
const refuse = (code: RefusalCode, reason: string): { ok: false; refusal: Refusal } => ({ ok: false, refusal: { code, reason } });

/**
 * The whole game as a state machine: commands in, events out. Pure and deterministic: no clock,
 * no I/O, randomness only from the seed. A command that is not legal is refused with a code and
 * leaves the state as it was.
 */
export class Game {
  readonly rules: Ruleset;
  readonly seed: string;
  readonly wallAlgorithm: WallAlgorithm;
  round = 0;
  honba = 0;
  riichiSticks = 0;
  scores: number[];
  /** Number of deals so far, redeals included (names the wall). */
  deal = 0;
  phase: Phase = 'turn';
  /** Whose turn it is; during a claim window, the seat whose tile is claimed. */
  turn: Seat = 0;
  seats: SeatState[] = [];
  doraIndicators: TileId[] = [];
  /** What each seat did, in order (`rebuildGame`); empty when the game was made with `log: false`. */
  readonly log: LoggedCommand[] = [];
  readonly hands: HandLog[] = [];
  standings: Standing[] | null = null;
  /** The game was ended between hands before its length (`endNow`). */
  endedEarly = false;
  /** Penalty points given in this game (global score; table points do not change). */
  readonly penalties: PenaltyRecord[] = [];

  private wall!: WallSource;
  private readonly wallFor: (deal: number) => WallSource;
  private liveDraws = 0;
  private kanSeats: Seat[] = [];
  /** Open-kan dora indicators still to turn (kanDoraTiming 'afterDiscard'). */
  private pendingDora = 0;
  /** A call (ankan included) has happened this hand: the first go-around is broken. */
  private interrupted = false;
  private claim: ClaimWindow | null = null;
  /** The turn began with chii or pon (discard only). */
  private afterCall = false;
  /** The turn's tile came from the dead wall. */
  private afterKan = false;
  private events: GameEvent[] = [];
  /** How the last hand ended, for the next deal: the dealer kept the deal; it was won. */
  private renchan = false;
  private lastWasWin = false;
  /** The last hand ended in a chombo: the next deal is a redeal. */
  private redeal = false;
  private readonly endJudge: GameOptions['endJudge'];
  private readonly fullClaimWindows: boolean;
  private readonly keepLog: boolean;
  private readonly recordSteps: boolean;
  /** Steps of the current hand so far (recorded or not), and where each seat's turn began (-1: not yet). */
  private stepCount = 0;
  private readonly turnBegan: number[] = [-1, -1, -1, -1];

  constructor(opts: GameOptions) {
    this.rules = opts.rules;
    this.seed = opts.seed ?? 'jantaku';
    this.wallAlgorithm = opts.wallAlgorithm ?? WALL_ALGORITHM;
    this.wallFor = opts.wallFor ?? ((deal) => ShuffledWall.fromSeed(this.seed, deal, this.wallAlgorithm));
    this.endJudge = opts.endJudge;
    this.fullClaimWindows = opts.fullClaimWindows ?? false;
    this.keepLog = opts.log ?? true;
    this.recordSteps = opts.handSteps ?? true;
    const start = opts.start ?? { round: 0, honba: 0, riichiSticks: 0, scores: [0, 0, 0, 0].map(() => opts.rules.startPoints) };
    this.round = start.round;
    this.honba = start.honba;
    this.riichiSticks = start.riichiSticks;
    this.scores = [...start.scores];
    this.startHand();
    // The first deal's events wait for `takeEvents()` (a room sends them when play begins).
  }

  /** A hand is being played (a seat is to draw, to act, or to answer a claim). */
  get inHand(): boolean {
    return this.phase === 'draw' || this.phase === 'turn' || this.phase === 'claims';
  }
  get dealer(): Seat {
    return (this.round % 4) as Seat;
  }
  get roundWind(): number {
    return 27 + ((this.round >> 2) % 4);
  }
  seatWind(seat: Seat): number {
    return 27 + ((seat - this.dealer + 4) % 4);
  }
  /** Live-wall tiles left to draw. */
  get remaining(): number {
    return LIVE_DRAWS - this.liveDraws - this.kanSeats.length;
  }
  get currentHand(): HandLog {
    return this.hands[this.hands.length - 1];
  }
  /** Steps of the current hand so far: draws, discards and calls (`currentHand.steps.length` when recorded). */
  get stepsInHand(): number {
    return this.stepCount;
  }
  /** Index among the hand's steps of `seat`'s last draw or call, the step that began its turn; -1 before any. */
  turnBeganAt(seat: Seat): number {
    return this.turnBegan[seat];
  }
  /** What `seat` has answered in the open claim window, if anything. */
  responseOf(seat: Seat): Command | null {
    return this.claim?.responses.get(seat) ?? null;
  }

  /** The tile open to claims, if a claim window is open. */
  get claimTile(): TileId | null {
    return this.claim?.tile ?? null;
  }
  get lastResult(): HandResult | null {
    return this.currentHand.result;
  }
  /** Events of the current hand's start (deal) are returned by the constructor/nextHand caller through this. */
  takeEvents(): GameEvent[] {
    const e = this.events;
    this.events = [];
    return e;
  }

  // ---------------------------------------------------------------- commands

  /**
   * Judges and applies one seat's command. `allow` lets the referee carry out a declaration the
   * rules forbid but its rulebook lets stand (kuikae, noten riichi, an invalid kan in riichi).
   */
  apply(seat: Seat, command: Command, opts: ApplyOptions = NO_OPTIONS): Result<GameEvent[]> {
    const refusal = this.check(seat, command);
    if (refusal && !opts.allow?.includes(refusal.code)) return { ok: false, refusal };
    if (this.events.length) this.events = []; // events nobody took are dropped
    if (refusal?.code === 'NOT_TENPAI') this.seats[seat].notenRiichi = true;
    if (refusal?.code === 'RIICHI_BAD_KAN') this.seats[seat].badKan = true;
    if (this.keepLog) this.log.push({ seat, command: cleanCommand(command) });
    if (this.phase === 'claims') this.respond(seat, command);
    else this.act(seat, command);
    return { ok: true, value: this.takeEvents() };
  }

  /** Starts the next hand after a hand has ended. */
  nextHand(): Result<GameEvent[]> {
    if (this.phase !== 'handEnded') return refuse(this.phase === 'gameOver' ? 'GAME_OVER' : 'BAD_COMMAND', 'the hand is still being played');
    this.events = [];
    if (this.keepLog) this.log.push({ seat: -1, command: { type: 'nextHand' } });
    this.advanceRound();
    this.startHand();
    return { ok: true, value: this.takeEvents() };
  }

  /**
   * Ends the game between hands, with the scores as they stand (a tournament's "last hand"
   * at its time limit, docs/TOURNAMENTS.md): the final standings as at a natural end, the
   * riichi sticks on the table under the ruleset's leftover rule, uma and oka applied.
   */
  endNow(): Result<GameEvent[]> {
    if (this.phase !== 'handEnded') return refuse(this.phase === 'gameOver' ? 'GAME_OVER' : 'BAD_COMMAND', 'the game ends early only between hands');
    this.events = [];
    if (this.keepLog) this.log.push({ seat: -1, command: { type: 'endGame' } });
    this.endedEarly = true;
    this.endGame();
    return { ok: true, value: this.takeEvents() };
  }

  /** Why `command` is not legal for `seat` now, or null if it is. */
  check(seat: Seat, command: Command): Refusal | null {
    if (this.phase === 'gameOver') return { code: 'GAME_OVER', reason: 'the game is over' };
    if (this.phase === 'handEnded') return { code: 'HAND_OVER', reason: 'the hand is over' };
    // Commands come from the network: anything that is not an object is refused, not read.
    if (typeof command !== 'object' || command === null) return { code: 'BAD_COMMAND', reason: 'a command is an object with a type' };
    if (command.type === 'draw' && !this.rules.clientDraws) return { code: 'BAD_COMMAND', reason: 'the server draws for you' };
    if (this.phase === 'claims') return command.type === 'draw' ? { code: 'NOT_YOUR_TURN', reason: 'the discard is still open to claims' } : this.checkResponse(seat, command);
    if (seat !== this.turn) return { code: 'NOT_YOUR_TURN', reason: `it is seat ${this.turn}'s turn` };
    if (this.phase === 'draw') return command.type === 'draw' ? null : { code: 'MUST_DRAW', reason: 'draw a tile first' };
    if (command.type === 'draw') return { code: 'ALREADY_DREW', reason: 'you have already drawn this turn' };
    return this.checkTurn(seat, command);
  }

  private checkTurn(seat: Seat, c: Command): Refusal | null {
    const s = this.seats[seat];
    switch (c.type) {
      case 'discard': {
        if (!holds(s.hand, c.tile)) return { code: 'TILE_NOT_IN_HAND', reason: 'that tile is not in your hand' };
        if (s.riichi !== 'none' && c.tile !== s.drawn) return { code: 'RIICHI_MUST_TSUMOGIRI', reason: 'in riichi you must discard the tile you drew' };
        if (this.afterCall && s.kuikae.includes(kindOf(c.tile))) return { code: 'KUIKAE', reason: 'you may not discard the tile you called, or its swap (kuikae)' };
        return null;
      }
      case 'riichi': {
        if (!holds(s.hand, c.tile)) return { code: 'TILE_NOT_IN_HAND', reason: 'that tile is not in your hand' };
        return this.riichiRefusal(seat, c.tile);
      }
      case 'tsumo': {
        if (this.afterCall || s.drawn === null) return { code: 'NOT_COMPLETE', reason: 'you have not drawn a tile' };
        if (s.deadHand) return { code: 'DEAD_HAND', reason: 'a dead hand cannot win' };
        const score = this.scoreFor(seat, s.drawn, true);
        if (score === 'incomplete') return { code: 'NOT_COMPLETE', reason: 'the hand is not complete' };
        if (score === null) return { code: 'NO_YAKU', reason: 'the hand has no yaku' };
        return null;
      }
      case 'kyuushu': {
        if (!this.rules.abortiveDraws.nineTerminals) return { code: 'NOT_KYUUSHU', reason: 'this ruleset has no nine-terminals draw' };
        if (!this.firstTurn(seat)) return { code: 'NOT_KYUUSHU', reason: 'only on your first draw of an uninterrupted go-around' };
        if (new Set(s.hand.map(kindOf).filter(isTerminalOrHonor)).size < 9) return { code: 'NOT_KYUUSHU', reason: 'fewer than nine different terminals and honours' };
        return null;
      }
      case 'ankan':
      case 'shouminkan': {
        if (!holds(s.hand, c.tile)) return { code: 'TILE_NOT_IN_HAND', reason: 'that tile is not in your hand' };
        return this.kanRefusal(seat, c.type, c.tile);
      }
      case 'ron':
      case 'chii':
      case 'pon':
      case 'daiminkan':
      case 'pass':
        return { code: 'NOTHING_TO_RESPOND', reason: 'there is no discard to respond to' };
      default:
        return { code: 'BAD_COMMAND', reason: 'unknown command' };
    }
  }

  private riichiRefusal(seat: Seat, tile: TileId): Refusal | null {
    const s = this.seats[seat];
    if (s.riichi !== 'none') return { code: 'RIICHI_ALREADY', reason: 'you are already in riichi' };
    if (!s.closed) return { code: 'RIICHI_OPEN_HAND', reason: 'riichi needs a closed hand' };
    if (s.deadHand) return { code: 'DEAD_HAND', reason: 'a dead hand cannot declare riichi' };
    if (this.scores[seat] < this.rules.riichiMinPoints) return { code: 'RIICHI_NO_POINTS', reason: `riichi needs ${this.rules.riichiMinPoints} points` };
    if (this.remaining < this.rules.riichiMinWallTiles) return { code: 'RIICHI_NO_TILES', reason: `riichi needs ${this.rules.riichiMinWallTiles} tiles left in the wall` };
    const counts = s.kindCounts().slice();
    counts[kindOf(tile)]--;
    if (shanten(counts, s.melds.length) !== 0) return { code: 'NOT_TENPAI', reason: 'the hand would not be tenpai after that discard' };
    const held = s.heldCounts();
    held[kindOf(tile)]--;
    if (tenpaiWaits(counts, s.melds.length, held).length === 0) return { code: 'NOT_TENPAI', reason: 'the hand would not be tenpai after that discard' };
    return null;
  }

  private kanRefusal(seat: Seat, type: 'ankan' | 'shouminkan', tile: TileId): Refusal | null {
    const s = this.seats[seat];
    const k = kindOf(tile);
    if (this.afterCall || s.drawn === null) return { code: 'MUST_DISCARD', reason: 'after a call you must discard' };
    if (!s.mayCall) return { code: 'DEAD_HAND', reason: 'a dead hand cannot declare kan' };
    if (this.remaining <= 0) return { code: 'LAST_TILE', reason: 'no kan on the last tile (EMA12-LAST-TILE-CLAIM)' };
    if (this.kanSeats.length >= 4) return { code: 'KAN_LIMIT', reason: 'four kans have been declared' };
    if (type === 'shouminkan') {
      if (!s.melds.some((m) => m.type === 'pon' && kindOf(m.tiles[0]) === k)) return { code: 'INVALID_MELD', reason: 'you have no pon of that tile' };
      if (s.riichi !== 'none') return { code: 'RIICHI_BAD_KAN', reason: 'no added kan in riichi' };
      return null;
    }
    if (s.hand.filter((t) => kindOf(t) === k).length < 4) return { code: 'INVALID_MELD', reason: 'a concealed kan needs all four tiles' };
    if (s.riichi !== 'none' && !this.riichiAnkanKeepsWaits(seat, k)) return { code: 'RIICHI_BAD_KAN', reason: 'this kan would change your waits in riichi' };
    return null;
  }

  /** After riichi a concealed kan is allowed only on the drawn tile and only if the waits stay the same. */
  riichiAnkanKeepsWaits(seat: Seat, kind: number): boolean {
    const s = this.seats[seat];
    if (s.drawn === null || kindOf(s.drawn) !== kind) return false;
    const before = s.kindCounts().slice();
    before[kind]--;
    const after = before.slice();
    after[kind] -= 3;
    const w1 = waits(before, s.melds.length);
    const w2 = waits(after, s.melds.length + 1);
    return w1.length === w2.length && w1.every((x, i) => x === w2[i]);
  }

  private checkResponse(seat: Seat, c: Command): Refusal | null {
    const w = this.claim!;
    const opts = w.options.get(seat);
    if (!opts) return { code: 'NOTHING_TO_RESPOND', reason: 'you have nothing to respond to' };
    if (w.responses.has(seat)) return { code: 'ALREADY_RESPONDED', reason: 'you have already answered' };
    const s = this.seats[seat];
    switch (c.type) {
      case 'pass':
        return null;
      case 'ron': {
        if (opts.some((o) => o.type === 'ron')) return null;
        return this.ronRefusal(seat) ?? { code: 'CANNOT_CALL', reason: 'you cannot ron this tile' };
      }
      case 'pon':
      case 'chii': {
        const legal = opts.find((o) => o.type === c.type) as { options: [TileId, TileId][] } | undefined;
        if (!Array.isArray(c.tiles) || c.tiles.length !== 2) return { code: 'BAD_COMMAND', reason: `${c.type} names two tiles from your hand` };
        // The options list one pick per choice (plain or red five); any copies of a listed pick will do.
        if (legal?.options.some((o) => sameTiles(o.map(redKey), c.tiles.map(redKey))) && holdsAll(s.hand, c.tiles)) return null;
        return this.callRefusal(seat, c.type, c.tiles);
      }
      case 'daiminkan': {
        if (opts.some((o) => o.type === 'daiminkan')) return null;
        if (!s.mayCall) return { code: 'DEAD_HAND', reason: 'a dead hand cannot call' };
        return { code: 'CANNOT_CALL', reason: 'you cannot kan this tile' };
      }
      default:
        return { code: 'BAD_COMMAND', reason: 'answer the discard with ron, pon, chii, kan or pass' };
    }
  }

  private ronRefusal(seat: Seat): Refusal | null {
    const w = this.claim!;
    const s = this.seats[seat];
    if (s.deadHand) return { code: 'DEAD_HAND', reason: 'a dead hand cannot win' };
    const score = this.scoreFor(seat, w.tile, false);
    if (score === 'incomplete') return { code: 'NOT_COMPLETE', reason: 'that tile does not complete your hand' };
    if (score === null) return { code: 'NO_YAKU', reason: 'the hand has no yaku' };
    if (s.furitenTemp || s.furitenRiichi || s.discardFuriten()) return { code: 'FURITEN', reason: 'you are furiten' };
    return null;
  }

  private callRefusal(seat: Seat, type: 'pon' | 'chii', tiles: TileId[]): Refusal {
    const w = this.claim!;
    const s = this.seats[seat];
    if (!s.mayCall) return { code: 'DEAD_HAND', reason: 'a dead hand cannot call' };
    if (s.riichi !== 'none') return { code: 'CANNOT_CALL', reason: 'no calls in riichi' };
    if (w.reason !== 'discard') return { code: 'CANNOT_CALL', reason: 'only ron may rob a kan' };
    if (this.remaining <= 0) return { code: 'LAST_TILE', reason: 'the last tile may only be claimed to win (EMA12-LAST-TILE-CLAIM)' };
    if (this.fourKansAbort) return { code: 'CANNOT_CALL', reason: 'after the fourth kan the hand ends unless this discard is won (EMA12-ABORT-FOUR-KANS)' };
    if (!holdsAll(s.hand, tiles)) return { code: 'TILE_NOT_IN_HAND', reason: 'those tiles are not in your hand' };
    if (type === 'chii' && w.from !== (seat + 3) % 4) return { code: 'CANNOT_CALL', reason: 'chii only from the player on your left' };
    const valid = type === 'pon' ? tiles.every((t) => kindOf(t) === kindOf(w.tile)) : isRun(w.tile, tiles);
    if (!valid) return { code: 'INVALID_MELD', reason: `those tiles do not make a ${type} with the discard` };
    return { code: 'KUIKAE', reason: 'that call would leave only swap-call discards (kuikae)' };
  }

  // ---------------------------------------------------------------- legal actions

  /** Everything `seat` may do right now (empty when it has nothing to do). */
  legalActions(seat: Seat): LegalAction[] {
    if (this.phase === 'claims') {
      const w = this.claim!;
      return w.responses.has(seat) ? [] : (w.options.get(seat) ?? []);
    }
    if (this.phase === 'draw') return seat === this.turn ? [{ type: 'draw' }] : [];
    if (this.phase !== 'turn' || seat !== this.turn) return [];
    const s = this.seats[seat];
    const out: LegalAction[] = [];
    const sorted = s.sortedHand();
    const discards = s.riichi !== 'none' ? [s.drawn!] : this.afterCall && s.kuikae.length ? sorted.filter((t) => !s.kuikae.includes(kindOf(t))) : sorted.slice();
    out.push({ type: 'discard', tiles: discards });
    if (this.afterCall) return out;
    // Every check below is the one `check` applies, asked only where a cheaper test (a shanten,
    // a count) leaves it open: a tsumogiri turn costs one shanten and no refusal objects.
    const counts = s.kindCounts();
    const sh = shanten(counts, s.melds.length);
    if (sh === -1 && this.checkTurn(seat, { type: 'tsumo' }) === null) out.push({ type: 'tsumo' });
    // A 14-tile hand more than tenpai cannot riichi: one shanten call spares fourteen wait searches.
    if (sh <= 0 && s.riichi === 'none' && s.closed && !s.deadHand && this.scores[seat] >= this.rules.riichiMinPoints && this.remaining >= this.rules.riichiMinWallTiles) {
      const ok = new Set(uniqueByKindAndRed(sorted).filter((t) => this.riichiRefusal(seat, t) === null).map(redKey));
      const tiles = sorted.filter((t) => ok.has(redKey(t)));
      if (tiles.length) out.push({ type: 'riichi', tiles });
    }
    // A concealed kan needs all four; an added kan a pon of the kind (kanRefusal's own first tests).
    const ankan: TileId[] = [];
    const fours = hasFour(sorted) ? countKinds(s.hand, new Uint8Array(34)) : null;
    if (fours) for (const t of s.hand) {
      if (fours[kindOf(t)] !== 4) continue;
      fours[kindOf(t)] = 0; // the kind's first tile in hand stands for it
      if (this.kanRefusal(seat, 'ankan', t) === null) ankan.push(t);
    }
    if (ankan.length) out.push({ type: 'ankan', tiles: ankan });
    if (s.melds.some((m) => m.type === 'pon')) {
      const shouminkan = s.hand.filter((t) => s.melds.some((m) => m.type === 'pon' && kindOf(m.tiles[0]) === kindOf(t)) && this.kanRefusal(seat, 'shouminkan', t) === null);
      if (shouminkan.length) out.push({ type: 'shouminkan', tiles: shouminkan });
    }
    if (this.rules.abortiveDraws.nineTerminals && this.firstTurn(seat) && this.checkTurn(seat, { type: 'kyuushu' }) === null) out.push({ type: 'kyuushu' });
    return out;
  }

  /**
   * The seat whose move the game waits for: the turn's seat, or in a claim window the lowest
   * seat still to answer; null between hands. It is the first seat with legal actions.
   */
  toAct(): Seat | null {
    if (this.phase === 'claims') {
      const w = this.claim!;
      for (const seat of SEATS) if (w.options.has(seat) && !w.responses.has(seat)) return seat;
      return null;
    }
    return this.phase === 'turn' || this.phase === 'draw' ? this.turn : null;
  }

  // ---------------------------------------------------------------- hand flow

  private startHand(): void {
    this.phase = 'turn';
    this.wall = this.wallFor(this.deal);
    this.seats = SEATS.map(() => new SeatState());
    this.liveDraws = 0;
    this.kanSeats = [];
    this.pendingDora = 0;
    this.interrupted = false;
    this.claim = null;
    this.afterCall = false;
    this.afterKan = false;
    this.doraIndicators = [this.wall.doraIndicator(0)];
    const haipai = this.wall.haipai;
    this.stepCount = 0;
    this.turnBegan.fill(-1);
    this.hands.push({
      round: this.round, honba: this.honba, riichiSticks: this.riichiSticks, startScores: [...this.scores],
      haipai: this.recordSteps ? SEATS.map((s) => [...haipai[s]]) : [], steps: [], doraIndicators: this.doraIndicators, uraIndicators: [], result: null,
    });
    this.emit({ to: 'all', type: 'handStarted', round: this.round, honba: this.honba, riichiSticks: this.riichiSticks, dealer: this.dealer, scores: [...this.scores], doraIndicator: this.doraIndicators[0] });
    for (const seat of SEATS) {
      this.seats[seat].deal([...haipai[seat]]);
      this.emit({ to: seat, type: 'dealt', seat, tiles: [...this.seats[seat].hand] });
    }
    this.nextDraw(this.dealer);
  }

  /** Counts a step of the hand, noting where `seat`'s turn began (a draw or a call); true when steps are recorded. */
  private countStep(seat: Seat, beginsTurn: boolean): boolean {
    if (beginsTurn) this.turnBegan[seat] = this.stepCount;
    this.stepCount++;
    return this.recordSteps;
  }

  private emit(e: GameEvent): void {
    this.events.push(e);
  }

  private drawFor(seat: Seat, rinshan: boolean): void {
    const s = this.seats[seat];
    const tile = rinshan ? this.wall.drawRinshan(seat) : this.wall.draw(seat);
    if (!rinshan) this.liveDraws++;
    s.addTile(tile);
    s.drawn = tile;
    s.furitenTemp = false; // EMA12-FURITEN-TEMP-ENDS-ON-DRAW
    this.turn = seat;
    this.phase = 'turn';
    this.afterCall = false;
    this.afterKan = rinshan;
    if (this.countStep(seat, true)) this.currentHand.steps.push({ type: 'draw', seat, tile });
    this.emit({ to: seat, type: 'drew', seat, tile, rinshan });
    this.emit({ to: 'all', type: 'drew', seat, rinshan });
  }

  /** The seat's first turn in an uninterrupted first go-around. */
  private firstTurn(seat: Seat): boolean {
    return !this.interrupted && this.seats[seat].discards.length === 0 && !this.afterCall;
  }

  private act(seat: Seat, c: Command): void {
    const s = this.seats[seat];
    switch (c.type) {
      case 'discard':
      case 'riichi':
        return this.discard(seat, c.tile, c.type === 'riichi');
      case 'tsumo':
        return this.endWithWins([seat], s.drawn!, true, seat);
      case 'kyuushu':
        return this.endWithDraw('nineTerminals');
      case 'draw':
        return this.drawFor(seat, false);
      case 'ankan':
        return this.declareKan(seat, 'ankan', c.tile);
      case 'shouminkan':
        return this.declareKan(seat, 'shouminkan', c.tile);
    }
  }

  private discard(seat: Seat, tile: TileId, riichi: boolean): void {
    const s = this.seats[seat];
    if (riichi) {
      s.riichi = this.firstTurn(seat) ? 'double' : 'riichi';
      s.riichiPending = true;
    } else if (s.riichi !== 'none') {
      s.ippatsu = false; // the riichi player's own next discard ends ippatsu
    }
    const tsumogiri = tile === s.drawn;
    s.removeTile(tile);
    // Penalty tiles are live until the owner's next discard, dead (still face up) after it (§3.7).
    for (const p of s.penaltyTiles) p.live = false;
    s.drawn = null;
    if (s.kuikae.length) s.kuikae = [];
    // Temporary furiten lasts until the player's own next discard, after his draw or his own call
    // (docs/RULESETS.md, "Temporary furiten"); the draw already ended it in the first case.
    s.furitenTemp = false;
    s.discards.push({ tile, tsumogiri, riichi, called: false });
    this.afterKan = false;
    if (this.countStep(seat, false)) this.currentHand.steps.push({ type: 'discard', seat, tile, tsumogiri, riichi });
    this.emit({ to: 'all', type: 'discarded', seat, tile, tsumogiri, riichi });
    this.revealPendingDora();
    this.openClaims(tile, seat, 'discard');
  }

  private revealPendingDora(): void {
    for (; this.pendingDora > 0; this.pendingDora--) this.revealDora();
  }

  private revealDora(): void {
    if (!this.rules.kanDora) return;
    const t = this.wall.doraIndicator(this.doraIndicators.length);
    this.doraIndicators.push(t);
    this.emit({ to: 'all', type: 'doraRevealed', indicator: t });
  }

  /** Opens a window for claims on `tile`; closes it at once if nobody can claim. */
  private openClaims(tile: TileId, from: Seat, reason: ClaimWindow['reason'], kan?: ClaimWindow['kan']): void {
    this.phase = 'claims';
    this.turn = from;
    if (!this.fullClaimWindows && !this.anyMayClaim(tile, from, reason)) {
      // Nobody can do more than pass (most discards): what resolveClaims does for an empty window.
      this.claim = null;
      this.acceptRiichi(from);
      if (kan) return this.completeKan(from, kan.kind, kan.tile);
      return this.afterDiscard(from);
    }
    this.claim = { tile, from, reason, options: new Map(), responses: new Map(), kan };
    for (const seat of SEATS) {
      if (seat === from) continue;
      const opts = this.claimOptions(seat);
      if (opts.length || this.fullClaimWindows) this.claim.options.set(seat, [...opts, { type: 'pass' }]);
    }
    if (this.claim.options.size === 0) this.resolveClaims();
    else {
      // Who is asked stays private: under `prevent` only seats that can call are, which would tell their hands.
      this.emit({ to: 'all', type: 'claimWindow', tile, from, reason: reason === 'discard' ? 'discard' : 'chankan' });
      for (const seat of this.claim.options.keys()) this.emit({ to: seat, type: 'claimOffered', seat, tile });
    }
  }

  /**
   * Whether a seat other than `from` might do more than pass on `tile`: claimOptions' first tests
   * only (a cached wait, counts), so that a discard nobody can take builds no window.
   */
  private anyMayClaim(tile: TileId, from: Seat, reason: ClaimWindow['reason']): boolean {
    const k = kindOf(tile);
    const calls = reason === 'discard' && this.remaining > 0;
    for (const seat of CLAIM_ORDER[from]) {
      const s = this.seats[seat];
      if (s.waits().includes(k)) return true;
      if (!calls || !s.mayCall || s.riichi !== 'none') continue;
      const counts = s.kindCounts();
      if (counts[k] >= 2 || (from === (seat + 3) % 4 && k < 27 && mayChii(counts, k))) return true;
    }
    return false;
  }

  private claimOptions(seat: Seat): LegalAction[] {
    const w = this.claim!;
    const s = this.seats[seat];
    const out: LegalAction[] = [];
    if (s.waits().includes(kindOf(w.tile)) && this.ronRefusal(seat) === null) {
      if (w.reason !== 'ankan' || this.isKokushiWait(seat)) out.push({ type: 'ron' });
    }
    if (w.reason !== 'discard' || !s.mayCall || s.riichi !== 'none' || this.remaining <= 0 || this.fourKansAbort) return out;
    // Counts first: most discards give a seat no call, and then no picks are built.
    const k = kindOf(w.tile);
    const counts = s.kindCounts();
    const kuikae = this.rules.kuikae === 'forbidden';
    if (w.from === (seat + 3) % 4 && k < 27 && mayChii(counts, k)) {
      const chii = chiiOptions(s, w.tile, kuikae);
      if (chii.length) out.push({ type: 'chii', options: chii });
    }
    if (counts[k] >= 2) {
      const pon = ponOptions(s, w.tile, kuikae);
      if (pon.length) out.push({ type: 'pon', options: pon });
    }
    const kan = counts[k] === 3 ? daiminkanTiles(s, w.tile) : null;
    if (kan && this.kanSeats.length < 4) out.push({ type: 'daiminkan', tiles: kan });
    return out;
  }

  /** Kokushi tenpai (the only hand that may rob a concealed kan, per ruleset). */
  private isKokushiWait(seat: Seat): boolean {
    const counts = this.seats[seat].kindCounts();
    let kinds = 0;
    for (let k = 0; k < 34; k++) if (counts[k] && isTerminalOrHonor(k)) kinds++;
    return this.seats[seat].melds.length === 0 && kinds >= 12 && counts.every((n, k) => n === 0 || isTerminalOrHonor(k));
  }

  private respond(seat: Seat, c: Command): void {
    const w = this.claim!;
    w.responses.set(seat, c);
    if (w.responses.size === w.options.size) this.resolveClaims();
  }

  /** Everyone has answered: ron before pon and kan before chii. */
  private resolveClaims(): void {
    const w = this.claim!;
    const order = CLAIM_ORDER[w.from];
    const rons = w.responses.size === 0 ? [] : order.filter((s) => w.responses.get(s)?.type === 'ron');
    for (const seat of order) {
      // Letting a winning tile pass: furiten until the next draw, or for the hand in riichi.
      // A concealed kan only kokushi may rob is no tile the other hands could have won on.
      const s = this.seats[seat];
      const couldWin = w.reason !== 'ankan' || this.isKokushiWait(seat);
      if (!rons.includes(seat) && couldWin && s.waits().includes(kindOf(w.tile))) {
        s.furitenTemp = true;
        if (s.riichi !== 'none' && !s.riichiPending) s.furitenRiichi = true;
      }
    }
    if (rons.length > 0) {
      if (rons.length === 3 && this.rules.abortiveDraws.tripleRon) return this.endWithDraw('tripleRon');
      const winners = this.rules.multipleRon === 'headBump' ? rons.slice(0, 1) : this.rules.multipleRon === 'double' ? rons.slice(0, 2) : rons;
      return this.endWithWins(winners, w.tile, false, w.from);
    }
    this.claim = null;
    this.acceptRiichi(w.from);
    if (w.kan) return this.completeKan(w.from, w.kan.kind, w.kan.tile);
    const caller = order.find((s) => w.responses.get(s)?.type === 'pon' || w.responses.get(s)?.type === 'daiminkan')
      ?? order.find((s) => w.responses.get(s)?.type === 'chii');
    if (caller !== undefined) return this.makeCall(caller, w.responses.get(caller)!, w);
    this.afterDiscard(w.from);
  }

  private acceptRiichi(seat: Seat): void {
    const s = this.seats[seat];
    if (!s.riichiPending) return;
    s.riichiPending = false;
    s.ippatsu = !s.riichiWithdrawn;
    this.scores[seat] -= this.rules.riichiStick;
    this.riichiSticks++;
    this.emit({ to: 'all', type: 'riichiAccepted', seat, scores: [...this.scores], riichiSticks: this.riichiSticks });
  }

  /**
   * Four kans by more than one player: the discard after the fourth ends the hand unless it is
   * won, so it may not be called (EMA12-ABORT-FOUR-KANS; Tenhou checks it before calls too).
   */
  private get fourKansAbort(): boolean {
    return this.rules.abortiveDraws.fourKans && this.kanSeats.length === 4 && new Set(this.kanSeats).size > 1;
  }

  /** No claim: check the abortive draws that a passing discard completes, then the next draw. */
  private afterDiscard(from: Seat): void {
    const ab = this.rules.abortiveDraws;
    // Four winds needs every seat's first discard: only then is the pond of the discarder one tile.
    const discards = ab.fourWinds && !this.interrupted && this.seats[from].discards.length === 1 ? this.seats.map((s) => s.discards) : null;
    if (discards && discards.every((d) => d.length === 1) && isWind(kindOf(discards[0][0].tile))
      && discards.every((d) => kindOf(d[0].tile) === kindOf(discards[0][0].tile))) return this.endWithDraw('fourWinds');
    if (ab.fourRiichi && this.seats.every((s) => s.riichi !== 'none')) return this.endWithDraw('fourRiichi');
    if (this.fourKansAbort) return this.endWithDraw('fourKans');
    if (this.remaining <= 0) return this.endWithDraw('exhaustive');
    this.nextDraw(((from + 1) % 4) as Seat);
  }

  /** The seat's live-wall draw: dealt at once, or awaited as its `draw` command (`clientDraws`). */
  private nextDraw(seat: Seat): void {
    if (!this.rules.clientDraws) return this.drawFor(seat, false);
    this.turn = seat;
    this.phase = 'draw';
    this.afterCall = false;
  }

  private makeCall(seat: Seat, c: Command, w: ClaimWindow): void {
    const s = this.seats[seat];
    const own = c.type === 'daiminkan' ? daiminkanTiles(s, w.tile)! : (c as { tiles: TileId[] }).tiles;
    for (const t of own) s.removeTile(t);
    const meld: Meld = { type: c.type as Meld['type'], tiles: [...own, w.tile].sort((a, b) => a - b), calledTile: w.tile, from: w.from };
    s.melds.push(meld);
    this.seats[w.from].discards[this.seats[w.from].discards.length - 1].called = true;
    this.interrupted = true;
    for (const x of this.seats) x.ippatsu = false;
    if (this.rules.tempFuritenEndsOnCall) for (const x of this.seats) x.furitenTemp = false;
    this.notePao(seat, w.from);
    if (this.countStep(seat, true)) this.currentHand.steps.push({ type: 'call', seat, meld });
    this.emit({ to: 'all', type: 'called', seat, meld });
    this.turn = seat;
    this.phase = 'turn';
    s.drawn = null;
    if (c.type === 'daiminkan') {
      this.kanSeats.push(seat);
      this.kanDora(false);
      this.drawFor(seat, true);
      return;
    }
    this.afterCall = true;
    s.kuikae = this.rules.kuikae === 'forbidden' ? kuikaeKinds(w.tile, own, c.type === 'chii') : [];
  }

  /**
   * Pao: the seat that fed the third dragon (fourth wind) set is liable for daisangen (daisuushii),
   * and with `pao.suukantsu` the seat whose discard made the fourth kan a daiminkan for suukantsu.
   */
  private notePao(seat: Seat, from: Seat): void {
    const s = this.seats[seat];
    const sets = (pred: (k: number) => boolean) => s.melds.filter((m) => m.type !== 'chii' && pred(kindOf(m.tiles[0]))).length;
    if (this.rules.pao.daisangen && sets((k) => k >= 31) === 3) s.pao = from;
    if (this.rules.pao.daisuushii && sets((k) => k >= 27 && k <= 30) === 4) s.pao = from;
    const kans = s.melds.filter((m) => m.type === 'daiminkan' || m.type === 'shouminkan' || m.type === 'ankan').length;
    if (this.rules.pao.suukantsu && kans === 4 && s.melds[s.melds.length - 1].type === 'daiminkan') s.pao = from;
  }

  /** Turns the kan dora now, or after the next discard, per the ruleset. */
  private kanDora(concealed: boolean): void {
    this.revealPendingDora();
    if (concealed || this.rules.kanDoraTiming === 'immediate') this.revealDora();
    else this.pendingDora++;
  }

  /** A kan can be robbed before it is made: the added tile by any win, a concealed kan by kokushi (per ruleset). */
  private declareKan(seat: Seat, kind: 'ankan' | 'shouminkan', tile: TileId): void {
    const s = this.seats[seat];
    if (kind === 'shouminkan') {
      s.removeTile(tile);
      s.drawn = null;
      this.openClaims(tile, seat, 'chankan', { tile, kind });
    } else if (this.rules.kokushiRobsAnkan) this.openClaims(tile, seat, 'ankan', { tile, kind });
    else this.completeKan(seat, 'ankan', tile);
  }

  private completeKan(seat: Seat, kind: 'ankan' | 'shouminkan', tile: TileId): void {
    const s = this.seats[seat];
    let meld: Meld;
    if (kind === 'ankan') {
      const own = s.hand.filter((t) => kindOf(t) === kindOf(tile)).sort((a, b) => a - b);
      for (const t of own) s.removeTile(t);
      meld = { type: 'ankan', tiles: own };
      s.melds.push(meld);
    } else {
      const i = s.melds.findIndex((m) => m.type === 'pon' && kindOf(m.tiles[0]) === kindOf(tile));
      const pon = s.melds[i];
      meld = { type: 'shouminkan', tiles: [...pon.tiles, tile].sort((a, b) => a - b), calledTile: pon.calledTile, from: pon.from, addedTile: tile };
      s.melds[i] = meld;
    }
    s.drawn = null;
    this.kanSeats.push(seat);
    this.interrupted = true;
    for (const x of this.seats) x.ippatsu = false;
    // EMA12-FURITEN-TEMP: under EMA any kan interrupts the go-around, a concealed or added one too.
    if (this.rules.tempFuritenEndsOnConcealedKan) for (const x of this.seats) x.furitenTemp = false;
    if (this.countStep(seat, true)) this.currentHand.steps.push({ type: 'call', seat, meld });
    this.emit({ to: 'all', type: 'called', seat, meld });
    this.kanDora(kind === 'ankan');
    this.drawFor(seat, true);
  }

  // ---------------------------------------------------------------- scoring and the end of a hand

  /** The score of `seat` winning on `tile`, 'incomplete', or null (complete but no yaku). */
  scoreFor(seat: Seat, tile: TileId, tsumo: boolean, honba = this.honba): ScoreResult | 'incomplete' | null {
    const s = this.seats[seat];
    if (tsumo ? shanten(s.kindCounts(), s.melds.length) !== -1 : !s.waits().includes(kindOf(tile))) return 'incomplete';
    const score = scoreWin({ ...this.winInput(seat, tile, tsumo), honba }, this.rules);
    return score && meetsShibari(score, this.honba, this.rules) ? score : null;
  }

  private winInput(seat: Seat, tile: TileId, tsumo: boolean): WinInput {
    const s = this.seats[seat];
    const concealed = tsumo ? s.hand.filter((t) => t !== tile) : [...s.hand];
    const w = this.claim;
    const firstDraw = tsumo && !this.interrupted && s.discards.length === 0;
    return {
      concealed,
      winTile: tile,
      melds: s.melds,
      tsumo,
      seatWind: this.seatWind(seat),
      roundWind: this.roundWind,
      dealer: seat === this.dealer,
      riichi: s.riichi,
      ippatsu: s.ippatsu,
      haitei: tsumo && !this.afterKan && this.remaining === 0,
      houtei: !tsumo && w?.reason === 'discard' && this.remaining === 0,
      rinshan: tsumo && this.afterKan,
      chankan: !tsumo && (w?.reason === 'chankan' || w?.reason === 'ankan'),
      tenhou: firstDraw && seat === this.dealer,
      chiihou: firstDraw && seat !== this.dealer,
      // A non-dealer with no discard in an uninterrupted first go-around has not drawn yet.
      renhou: !tsumo && !this.interrupted && s.discards.length === 0 && seat !== this.dealer,
      doraIndicators: this.doraIndicators,
      uraIndicators: s.riichi !== 'none' && this.rules.uraDora ? this.uraIndicators() : [],
      honba: this.honba,
      riichiSticks: this.riichiSticks,
    };
  }

  private uraIndicators(): TileId[] {
    const n = this.rules.kanUraDora ? this.doraIndicators.length : 1;
    return Array.from({ length: n }, (_, i) => this.wall.uraIndicator(i));
  }

  private endWithWins(winners: Seat[], tile: TileId, tsumo: boolean, from: Seat): void {
    const total = [0, 0, 0, 0];
    const wins: WinRecord[] = [];
    let ura: TileId[] = [];
    winners.forEach((seat, i) => {
      const s = this.seats[seat];
      // Honba and the riichi sticks go to the first winner in turn order from the discarder.
      const first = i === 0;
      const score = this.scoreFor(seat, tile, tsumo, first ? this.honba : 0) as ScoreResult;
      const deltas = winDeltas({
        winner: seat, from, tsumo, dealer: this.dealer, score, pao: s.pao,
        honba: first ? this.honba : 0,
        sticks: first ? this.riichiSticks * this.rules.riichiStick : 0,
      }, this.rules);
      if (s.riichi !== 'none' && this.rules.uraDora) ura = this.uraIndicators();
      deltas.forEach((d, j) => (total[j] += d));
      wins.push({
        winner: seat, from, tsumo, winTile: tile, concealed: tsumo ? s.hand.filter((t) => t !== tile) : [...s.hand], melds: s.melds.map((m) => ({ ...m })),
        score, uraIndicators: s.riichi !== 'none' ? ura : [], pao: this.paoLiable(score, s.pao), deltas,
      });
    });
    this.riichiSticks = 0;
    this.finishHand({ kind: 'win', wins, tenpai: [], revealed: [], deltas: total, nagashi: [] }, ura, winners.includes(this.dealer), true);
  }

  /** The seat liable for this win (pao), if the hand holds the yakuman it fed. */
  private paoLiable(score: ScoreResult, pao: Seat | null): Seat | null {
    return pao !== null && score.yaku.some((y) => isPaoYakuman(y.id, this.rules)) ? pao : null;
  }

  private endWithDraw(draw: DrawKind): void {
    let deltas = [0, 0, 0, 0];
    let tenpai: Seat[] = [];
    let revealed: HandResult['revealed'] = [];
    const nagashi: Seat[] = [];
    if (draw === 'exhaustive') {
      tenpai = SEATS.filter((seat) => !this.seats[seat].deadHand && this.seats[seat].isTenpai());
      revealed = tenpai.map((seat) => ({ seat, concealed: [...this.seats[seat].hand] }));
      if (this.rules.nagashiMangan)
        for (const seat of SEATS)
          if (this.seats[seat].discards.every((d) => !d.called && isTerminalOrHonor(kindOf(d.tile)))) nagashi.push(seat);
      if (nagashi.length) {
        for (const seat of nagashi) manganTsumoDeltas(seat, this.dealer).forEach((d, j) => (deltas[j] += d));
      } else deltas = notenDeltas(tenpai, this.rules.notenPayment);
    } else if (draw === 'fourRiichi') {
      // EMA12-ABORT-FOUR-RIICHI: every player shows his tenpai hand.
      revealed = SEATS.map((seat) => ({ seat, concealed: [...this.seats[seat].hand] }));
      tenpai = SEATS.filter((seat) => this.seats[seat].isTenpai());
    }
    const kind: DrawKind = nagashi.length ? 'nagashiMangan' : draw;
    const dealerKeeps = draw === 'exhaustive' ? this.rules.dealerRepeatOnTenpai && tenpai.includes(this.dealer) : this.rules.dealerRepeatOnAbort;
    this.finishHand({ kind: 'draw', wins: [], draw: kind, tenpai, revealed, deltas, nagashi }, [], dealerKeeps, false);
  }

  private finishHand(result: HandResult, ura: TileId[], dealerKeeps: boolean, win: boolean): void {
    const chombos = this.endJudge?.(this, result) ?? [];
    if (chombos.length) return this.endWithChombo(chombos);
    this.claim = null;
    this.redeal = false;
    result.deltas.forEach((d, i) => (this.scores[i] += d));
    this.currentHand.result = result;
    this.currentHand.uraIndicators = ura;
    this.renchan = dealerKeeps;
    this.lastWasWin = win;
    this.phase = 'handEnded';
    this.emit({ to: 'all', type: 'handEnded', result, scores: [...this.scores], uraIndicators: ura });
    if (isGameOver(this, dealerKeeps, win ? 'win' : result.draw === 'exhaustive' || result.draw === 'nagashiMangan' ? 'exhaustive' : 'abortive')) this.endGame();
  }

  private endGame(): void {
    this.standings = finalStandings(this.scores, this.riichiSticks, this.rules, this.penalties);
    this.phase = 'gameOver';
    this.emit({ to: 'all', type: 'gameEnded', standings: this.standings });
  }

  // ---------------------------------------------------------------- the referee's primitives

  /** Ends the hand now with a chombo by `seat` (the referee found it); the hand is redealt. */
  chombo(seat: Seat, rule: string): Result<GameEvent[]> {
    return this.redealNow([{ seat, rule }]);
  }

  /** Several chombos at once (called in the same claim window): each is paid, one redeal. */
  chombos(list: { seat: Seat; rule: string }[]): Result<GameEvent[]> {
    return this.redealNow(list);
  }

  /** Ends the hand now and redeals it without penalty (WRC-F-REVEAL-DEAL, a server fault). */
  redealHand(): Result<GameEvent[]> {
    return this.redealNow([]);
  }

  private redealNow(chombos: { seat: Seat; rule: string }[]): Result<GameEvent[]> {
    if (!this.inHand) return refuse('HAND_OVER', 'no hand is being played');
    this.events = [];
    this.endWithChombo(chombos);
    return { ok: true, value: this.takeEvents() };
  }

  /**
   * Chombo: the offenders pay per ruleset (a mangan payment, or global penalty points), this
   * hand's riichi sticks go back to their owners, and the hand is redealt: same dealer, no
   * counter (EMA12-CHOMBO-AFTER, WRC-P-CHOMBO).
   */
  private endWithChombo(chombos: { seat: Seat; rule: string }[]): void {
    const records: ChomboRecord[] = chombos.map(({ seat, rule }) => ({ seat, rule, deltas: this.chomboDeltas(seat, rule) }));
    const deltas = [0, 0, 0, 0];
    for (const r of records) r.deltas.forEach((d, i) => (deltas[i] += d));
    // A redeal without chombo returns the sticks as well: the hand did not happen.
    const sticksReturned = SEATS.filter((s) => this.seats[s].riichi !== 'none' && !this.seats[s].riichiPending);
    for (const s of sticksReturned) {
      this.scores[s] += this.rules.riichiStick;
      this.riichiSticks--;
    }
    const revealed = [...new Set(chombos.map((c) => c.seat))].map((seat) => ({ seat, concealed: [...this.seats[seat].hand] }));
    const result: HandResult = { kind: 'chombo', wins: [], tenpai: [], revealed, deltas, nagashi: [], chombo: records, sticksReturned };
    this.claim = null;
    deltas.forEach((d, i) => (this.scores[i] += d));
    this.currentHand.result = result;
    this.redeal = true;
    this.phase = 'handEnded';
    this.emit({ to: 'all', type: 'handEnded', result, scores: [...this.scores], uraIndicators: [] });
  }

  private chomboDeltas(seat: Seat, rule: string): number[] {
    const d = [0, 0, 0, 0];
    const c = this.rules.chombo;
    if (c.kind === 'mangan') {
      // EMA12-CHOMBO-PAY: 4,000 to the dealer and 2,000 to the others; a dealer pays 4,000 each.
      for (const s of SEATS) {
        if (s === seat) continue;
        const amount = seat === this.dealer || s === this.dealer ? 4000 : 2000;
        d[s] += amount;
        d[seat] -= amount;
      }
    } else if (c.kind === 'globalPoints') this.addPenalty(seat, rule, c.points);
    return d;
  }

  /** Penalty points in the global score (WRC-P-POINTS): table points do not change. */
  penalize(seat: Seat, rule: string, points: number): GameEvent[] {
    this.events = [];
    this.addPenalty(seat, rule, points);
    return this.takeEvents();
  }

  private addPenalty(seat: Seat, rule: string, points: number): void {
    this.penalties.push({ seat, rule, points, hand: this.hands.length - 1 });
    this.emit({ to: 'all', type: 'penalty', seat, rule, points });
  }

  /**
   * Dead hand: no chii, pon, kan, riichi or win for the rest of the hand; noten at the draw.
   * `noWin` (WSOM-SHORT): only the right to win (and riichi) is lost; chii, pon and kans stay.
   * A dead hand is never lifted (WSOM-COUNT-STAYS-DEAD); a `noWin` dead hand made fully dead
   * later (a long hand after a short one) loses its claims too.
   */
  markDead(seat: Seat, rule: string, kind: 'full' | 'noWin' = 'full'): GameEvent[] {
    this.events = [];
    const s = this.seats[seat];
    if (this.inHand && (!s.deadHand || (s.deadMayCall && kind === 'full'))) {
      s.deadHand = true;
      s.deadMayCall = kind === 'noWin';
      this.emit({ to: 'all', type: 'deadHand', seat, rule, ...(kind === 'noWin' ? { mayCall: true } : {}) });
      // An open window now offers the dead seat nothing but a pass (a noWin hand keeps its calls).
      const opts = this.claim?.options.get(seat);
      if (opts && !this.claim!.responses.has(seat)) this.claim!.options.set(seat, kind === 'noWin' ? opts.filter((o) => o.type !== 'ron') : [{ type: 'pass' }]);
    }
    return this.takeEvents();
  }

  /**
   * WSOM penalty tiles (§3.7): `tiles` of `seat`'s concealed hand are laid face up, live, and
   * announced to all. Tiles it does not hold, or already face up, are skipped.
   */
  exposePenaltyTiles(seat: Seat, tiles: readonly TileId[], rule: string): GameEvent[] {
    this.events = [];
    const s = this.seats[seat];
    const added = tiles.filter((t, i) => tiles.indexOf(t) === i && s.hand.includes(t) && !s.penaltyTiles.some((p) => p.tile === t));
    if (this.inHand && added.length) {
      for (const t of added) s.penaltyTiles.push({ tile: t, live: true });
      this.emit({ to: 'all', type: 'penaltyTiles', seat, rule, tiles: added });
    }
    return this.takeEvents();
  }

  /** Why `seat`'s answer in the open window could not be replaced by `command`, or null (WSOM-CLAIM-CHANGE). */
  checkChange(seat: Seat, command: Command): Refusal | null {
    const w = this.claim;
    if (this.phase !== 'claims' || !w || !w.responses.has(seat)) return { code: 'NOTHING_TO_RESPOND', reason: 'no answer to change' };
    const entries = [...w.responses];
    w.responses.delete(seat);
    const refusal = this.check(seat, command);
    w.responses = new Map(entries);
    return refusal;
  }

  /**
   * Replaces `seat`'s answer in the open window with `command` (WSOM-CLAIM-CHANGE, and a call
   * cancelled into a pass, WSOM-CLAIM-CANCEL). The game's log keeps only the answer that
   * counts, so a rebuild from it gives this state.
   */
  changeResponse(seat: Seat, command: Command): Result<GameEvent[]> {
    const refusal = this.checkChange(seat, command);
    if (refusal) return { ok: false, refusal };
    this.claim!.responses.delete(seat);
    for (let i = this.log.length - 1; i >= 0; i--) {
      if (this.log[i].seat === seat) {
        this.log.splice(i, 1);
        break;
      }
    }
    return this.apply(seat, command);
  }

  /**
   * Withdraws `seat`'s riichi (RUS-DEAD-G): it may discard freely again; the stick is paid (now,
   * or when the riichi discard passes) and not returned.
   */
  withdrawRiichi(seat: Seat): void {
    const s = this.seats[seat];
    s.riichi = 'none';
    s.ippatsu = false;
    s.notenRiichi = false;
    s.riichiWithdrawn = true;
  }

  /** Answers the open window for `seat` with a pass (a cancelled false call counts as one). */
  passFor(seat: Seat): Result<GameEvent[]> {
    if (this.phase !== 'claims' || !this.claim!.options.has(seat) || this.claim!.responses.has(seat)) return refuse('NOTHING_TO_RESPOND', 'nothing to pass on');
    return this.apply(seat, { type: 'pass' });
  }

  /** Where the next hand starts, after the hand that just ended. */
  nextStart(): { round: number; honba: number; riichiSticks: number; scores: number[] } {
    const next = { round: this.round, honba: this.honba + 1, riichiSticks: this.riichiSticks, scores: [...this.scores] };
    if (this.redeal) next.honba = this.honba; // EMA12-CHOMBO-AFTER: no counter, same dealer
    else if (!this.renchan) {
      next.round++;
      if (this.lastWasWin) next.honba = 0;
    }
    return next;
  }

  private advanceRound(): void {
    const next = this.nextStart();
    this.deal++;
    this.round = next.round;
    this.honba = next.honba;
  }
}

/** The command as logged: only its own fields, copied, so the log never shares a caller's object. */
function cleanCommand(c: Command): Command {
  switch (c.type) {
    case 'discard':
    case 'riichi':
    case 'ankan':
    case 'shouminkan':
      return { type: c.type, tile: c.tile };
    case 'chii':
    case 'pon':
      return { type: c.type, tiles: [c.tiles[0], c.tiles[1]] };
    case 'daiminkan':
      return c.tiles ? { type: c.type, tiles: [c.tiles[0], c.tiles[1], c.tiles[2]] } : { type: c.type };
    case 'ron':
    case 'tsumo':
      return c.reveal === undefined ? { type: c.type } : { type: c.type, reveal: c.reveal === true };
    default:
      return { type: c.type };
  }
}

function sameTiles(a: readonly TileId[], b: readonly TileId[]): boolean {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((t, i) => t === y[i]);
}

/** The seats after `from` in turn order: who answers a claim window first (ron before pon, kan before chii). */
const CLAIM_ORDER: readonly (readonly Seat[])[] = SEATS.map((from) => [1, 2, 3].map((d) => ((from + d) % 4) as Seat));

/** `sorted` (ascending ids) holds four tiles of some kind: the ids of a kind are consecutive. */
function hasFour(sorted: readonly TileId[]): boolean {
  for (let i = 3; i < sorted.length; i++) if (kindOf(sorted[i]) === kindOf(sorted[i - 3])) return true;
  return false;
}

/** The hand holds a pair of neighbours that makes a run with suit kind `k` (before chii picks are built). */
function mayChii(counts: ArrayLike<number>, k: number): boolean {
  const r = k % 9;
  return (r >= 2 && counts[k - 2] > 0 && counts[k - 1] > 0) || (r >= 1 && r <= 7 && counts[k - 1] > 0 && counts[k + 1] > 0) || (r <= 6 && counts[k + 1] > 0 && counts[k + 2] > 0);
}

/** `t` is a tile id the hand holds (commands come from the network: anything else is not). */
const holds = (hand: readonly TileId[], t: TileId) => Number.isInteger(t) && hand.includes(t);

const redKey = (t: TileId) => kindOf(t) * 2 + (isRedId(t) ? 1 : 0);

/** One tile per kind (two for a kind holding a red five and a plain one) of `tiles` (ascending): the distinct choices. */
function uniqueByKindAndRed(tiles: readonly TileId[]): TileId[] {
  const seen = new Set<number>();
  const out: TileId[] = [];
  for (const t of tiles) {
    const key = redKey(t);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(t);
    }
  }
  return out;
}
