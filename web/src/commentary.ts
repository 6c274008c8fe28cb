import type { HandResult, Standing } from '@jantaku/shared/game/types';
import type { FaultEvent, RefereeEvent } from '@jantaku/shared/referee/referee';
import { LIVE_DRAWS } from '@jantaku/shared/game/wall';
import { kindOf } from '@jantaku/shared/tiles/index';
import type { BoardMeld, BoardSeat, BoardState } from './board';

/**
 * The table as the commentator feed tells it: every event, hidden ones included, applied in
 * order to a plain state (all four concealed hands and draws, ponds, melds, dora, scores). Pure:
 * no DOM and no I/O, so it is the same whatever draws it. The live state is never read here —
 * it is ahead of the feed by the table's delay.
 */

export interface CommentarySeat extends BoardSeat {
  discards: { tile: number; tsumogiri: boolean; riichi: boolean; called: boolean }[];
  melds: BoardMeld[];
  penaltyTiles: { tile: number; live: boolean }[];
  /** Concealed tiles, the drawn one included (as in the engine). */
  hand: number[];
  /** The tile drawn this turn, or null. */
  drawn: number | null;
}

/** One batch of the feed (the SDK's `Commentary`). */
export interface CommentaryBatch {
  at: number;
  events: readonly RefereeEvent[];
}

const remove = (hand: number[], t: number): void => {
  const i = hand.indexOf(t);
  if (i >= 0) hand.splice(i, 1);
};

const emptySeat = (seat: number): CommentarySeat => ({
  seat,
  score: 0,
  wind: 27 + seat,
  discards: [],
  melds: [],
  riichi: false,
  deadHand: false,
  penaltyTiles: [],
  hand: [],
  drawn: null,
});

export class CommentaryState implements BoardState {
  phase = '';
  round = 0;
  honba = 0;
  riichiSticks = 0;
  dealer = 0;
  turn = 0;
  remaining = LIVE_DRAWS;
  doraIndicators: number[] = [];
  uraIndicators: number[] = [];
  claimTile = -1;
  claimFrom = -1;
  seats: CommentarySeat[] = [0, 1, 2, 3].map(emptySeat);
  /** A hand's start has been seen: the state describes a hand (before it, nothing is known). */
  dealt = false;
  /** Hands started in the feed so far (a key for "this hand's result"). */
  hands = 0;
  /** Events applied since the current hand's `handStarted` (it included). */
  handEvents = 0;
  /** Server time (epoch ms) of the last batch applied: when what is shown happened. */
  at = 0;
  lastResult: HandResult | null = null;
  standings: Standing[] | null = null;
  /** Faults announced, newest first, each with its hand's dealer (a mangan chombo's payments name it). */
  faults: (FaultEvent & { dealer: number })[] = [];
  private liveDraws = 0;
  private kans = 0;

  applyBatch(batch: CommentaryBatch): void {
    for (const e of batch.events) this.apply(e);
    this.at = batch.at;
  }

  apply(e: RefereeEvent): void {
    if (e.type === 'handStarted') this.startHand(e);
    else if (!this.dealt) return; // a hand joined part-way: wait for the next deal
    else this.handEvents++;
    const s = 'seat' in e ? this.seats[e.seat] : undefined;
    switch (e.type) {
      case 'dealt':
        s!.hand = [...e.tiles];
        break;
      case 'drew':
        // Each draw comes twice: to its seat with the tile, and to all without it.
        if (e.tile === undefined) break;
        s!.hand.push(e.tile);
        s!.drawn = e.tile;
        // A replacement draw comes from the dead wall (the kan already took a live tile).
        if (!e.rinshan) this.liveDraws++;
        this.turn = e.seat;
        this.phase = 'turn';
        this.claimTile = this.claimFrom = -1;
        break;
      case 'discarded':
        remove(s!.hand, e.tile);
        s!.drawn = null;
        s!.discards.push({ tile: e.tile, tsumogiri: e.tsumogiri, riichi: e.riichi, called: false });
        // The rest of this seat's penalty tiles are dead from now; a discarded one leaves the list.
        s!.penaltyTiles = s!.penaltyTiles.filter((p) => p.tile !== e.tile).map((p) => ({ ...p, live: false }));
        this.turn = (e.seat + 1) % 4;
        this.phase = 'draw';
        break;
      case 'claimWindow':
        this.phase = 'claims';
        this.claimTile = e.tile;
        this.claimFrom = e.from;
        // An added kan leaves the hand as its window opens (a concealed kan only once made).
        if (e.reason === 'chankan' && this.seats[e.from].melds.some((m) => m.type === 'pon' && kindOf(m.tiles[0]) === kindOf(e.tile))) {
          remove(this.seats[e.from].hand, e.tile);
          this.seats[e.from].drawn = null;
        }
        break;
      case 'riichiAccepted':
        s!.riichi = true;
        this.setScores(e.scores);
        this.riichiSticks = e.riichiSticks;
        break;
      case 'called': {
        const m = e.meld;
        const meld: BoardMeld = { type: m.type, tiles: [...m.tiles], calledTile: m.calledTile ?? -1, from: m.from ?? -1, addedTile: m.addedTile ?? -1 };
        if (m.type === 'shouminkan') {
          const i = s!.melds.findIndex((x) => x.type === 'pon' && kindOf(x.tiles[0]) === kindOf(m.tiles[0]));
          if (i >= 0) s!.melds[i] = meld;
          else s!.melds.push(meld);
          remove(s!.hand, m.addedTile!);
        } else {
          s!.melds.push(meld);
          for (const t of m.tiles) if (t !== m.calledTile) remove(s!.hand, t);
          // The called discard leaves its pond (drawn faded).
          if (m.calledTile !== undefined && m.from !== undefined) {
            const d = this.seats[m.from].discards.findLast((x) => x.tile === m.calledTile);
            if (d) d.called = true;
          }
        }
        s!.penaltyTiles = s!.penaltyTiles.filter((p) => s!.hand.includes(p.tile));
        if (m.type === 'daiminkan' || m.type === 'shouminkan' || m.type === 'ankan') this.kans++;
        s!.drawn = null;
        this.turn = e.seat;
        this.phase = 'turn';
        this.claimTile = this.claimFrom = -1;
        break;
      }
      case 'doraRevealed':
        this.doraIndicators.push(e.indicator);
        break;
      case 'deadHand':
        s!.deadHand = true;
        break;
      case 'penaltyTiles':
        for (const t of e.tiles) if (!s!.penaltyTiles.some((p) => p.tile === t)) s!.penaltyTiles.push({ tile: t, live: true });
        break;
      case 'fault':
        this.faults.unshift({ ...e, dealer: this.dealer });
        break;
      case 'handEnded':
        this.phase = 'handEnded';
        this.lastResult = e.result;
        this.setScores(e.scores);
        this.uraIndicators = [...e.uraIndicators];
        this.claimTile = this.claimFrom = -1;
        break;
      case 'gameEnded':
        this.phase = 'gameOver';
        this.standings = e.standings;
        break;
      default:
        // Global penalty points and cancelled faults change nothing on the board.
        break;
    }
    this.remaining = LIVE_DRAWS - this.liveDraws - this.kans;
  }

  private startHand(e: Extract<RefereeEvent, { type: 'handStarted' }>): void {
    this.dealt = true;
    this.hands++;
    this.handEvents = 1;
    this.round = e.round;
    this.honba = e.honba;
    this.riichiSticks = e.riichiSticks;
    this.dealer = e.dealer;
    this.turn = e.dealer;
    this.phase = 'draw';
    this.doraIndicators = [e.doraIndicator];
    this.uraIndicators = [];
    this.claimTile = this.claimFrom = -1;
    this.lastResult = null;
    this.liveDraws = 0;
    this.kans = 0;
    this.seats = [0, 1, 2, 3].map((i) => ({ ...emptySeat(i), score: e.scores[i], wind: 27 + ((i - e.dealer + 4) % 4) }));
  }

  private setScores(scores: readonly number[]): void {
    this.seats.forEach((s, i) => (s.score = scores[i]));
  }

  /** The hand's key in the page: round and honba ("4:1" = South 1, one honba). */
  get handKey(): string {
    return `${this.round}:${this.honba}`;
  }
}
