import type { GameEvent, LegalAction, Seat } from '@jantaku/shared/game/types';
import type { TableView } from '@jantaku/shared/game/views';
import type { TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import type { MeldType } from '@jantaku/shared/tiles/meld';

/**
 * The engine's events for one seat, rebuilt from successive table states. The server's `events`
 * message is the source when it sends one; this is for what it does not send: the hand already
 * dealt when the seat joins (a late joiner gets state, not past events), and servers without the
 * message. Each applied action is one patch, so the differences of two states are one action's
 * events; their order within it follows the engine's (discard, riichi stick, call, dora, draw).
 */

/** A decoded table state as the seat sees it, with the counters that mark its changes. */
export interface Snapshot extends TableView {
  legalActions: LegalAction[];
  started: boolean;
  hands: number;
  /** The state's JSON of the last result and the standings ('' when none): compared as strings. */
  resultJson: string;
  standingsJson: string;
}

export function snapshotOf(state: TableState, seat: Seat): Snapshot {
  return { ...tableViewOf(state, seat), started: state.started, hands: state.hands, resultJson: state.lastResult, standingsJson: state.standings };
}

const inHand = (phase: string): boolean => phase === 'turn' || phase === 'claims' || phase === 'draw';
const SEATS: readonly Seat[] = [0, 1, 2, 3];
/** Tiles a meld takes from the concealed hand. */
const FROM_HAND: Record<MeldType, number> = { chii: 2, pon: 2, daiminkan: 3, ankan: 4, shouminkan: 1 };

/** The table at the moment a hand is dealt, before anything is drawn. */
function dealtBase(s: Snapshot, hand: number[]): Snapshot {
  return {
    ...s,
    doraIndicators: s.doraIndicators.slice(0, 1),
    claim: null,
    phase: 'turn',
    resultJson: '',
    standingsJson: '',
    seats: s.seats.map((x) => ({ ...x, handCount: 13, discards: [], melds: [], riichi: false })),
    hand,
    drawn: null,
  };
}

export class StateEventDeriver {
  private prev: Snapshot | null = null;
  /** Seats with an added kan announced by its chankan window and not yet made. */
  private kakanPending = new Set<Seat>();

  constructor(readonly seat: Seat) {}

  /** The events between the last snapshot and this one (the whole current hand's for the first). */
  next(cur: Snapshot): GameEvent[] {
    const out: GameEvent[] = [];
    if (!cur.started || (cur.phase as string) === '') return out;
    let prev = this.prev;
    if (!prev || cur.hands !== prev.hands) {
      if (!inHand(cur.phase) && !cur.resultJson) return out;
      // A new hand: its start and the seat's deal (the dealer's first draw is the diff below).
      const scores = cur.seats.map((x) => x.score);
      out.push({ to: 'all', type: 'handStarted', round: cur.round, honba: cur.honba, riichiSticks: cur.riichiSticks, dealer: cur.dealer, scores, doraIndicator: cur.doraIndicators[0] });
      const dealt = [...(cur.hand ?? [])];
      const me = cur.seats[this.seat];
      // The drawn tile (and any draw after the deal) is not part of the deal.
      if (cur.drawn != null && me.discards.length === 0 && me.melds.length === 0 && dealt.length === 14) dealt.splice(dealt.indexOf(cur.drawn), 1);
      out.push({ to: this.seat, type: 'dealt', seat: this.seat, tiles: dealt.slice(0, 13) });
      prev = dealtBase(cur, dealt.slice(0, 13));
      this.kakanPending.clear();
    }
    this.diff(prev, cur, out);
    this.prev = cur;
    return out;
  }

  private diff(prev: Snapshot, cur: Snapshot, out: GameEvent[]): void {
    const me = this.seat;
    const expected = prev.seats.map((s) => s.handCount);
    let discarded = false;
    // 1. discards
    for (const s of SEATS) {
      for (const d of cur.seats[s].discards.slice(prev.seats[s].discards.length)) {
        out.push({ to: 'all', type: 'discarded', seat: s, tile: d.tile, tsumogiri: d.tsumogiri, riichi: d.riichi });
        expected[s]--;
        discarded = true;
      }
    }
    // 2. riichi sticks placed
    if (cur.riichiSticks > prev.riichiSticks && cur.hands === prev.hands) {
      for (const s of SEATS) {
        if (cur.seats[s].score < prev.seats[s].score && cur.seats[s].discards.some((d) => d.riichi)) {
          out.push({ to: 'all', type: 'riichiAccepted', seat: s, scores: cur.seats.map((x) => x.score), riichiSticks: cur.riichiSticks });
        }
      }
    }
    const newDora = cur.doraIndicators.slice(prev.doraIndicators.length);
    // 3. calls (a new meld, or a pon become an added kan)
    let called = false;
    const rinshan = new Set<Seat>();
    for (const s of SEATS) {
      const before = prev.seats[s].melds;
      cur.seats[s].melds.forEach((m, i) => {
        const old = before[i];
        if (old && old.type === m.type && old.tiles.length === m.tiles.length) return;
        out.push({ to: 'all', type: 'called', seat: s, meld: m });
        called = true;
        const pending = m.type === 'shouminkan' && this.kakanPending.delete(s);
        expected[s] -= pending ? 0 : FROM_HAND[m.type];
        if (m.type !== 'chii' && m.type !== 'pon') rinshan.add(s);
      });
    }
    if (discarded && !called) for (const t of newDora) out.push({ to: 'all', type: 'doraRevealed', indicator: t });
    // 4. a claim window opened (on a discard, or on an added kan: chankan)
    const claim = cur.claim;
    if (claim && (prev.phase !== 'claims' || prev.claim?.tile !== claim.tile)) {
      const from = claim.from;
      const last = cur.seats[from].discards.at(-1);
      const chankan = !last || last.tile !== claim.tile;
      if (chankan) {
        expected[from]--;
        this.kakanPending.add(from);
      }
      out.push({ to: 'all', type: 'claimWindow', tile: claim.tile, from, reason: chankan ? 'chankan' : 'discard' });
      if (cur.legalActions.length > 0) out.push({ to: me, type: 'claimOffered', seat: me, tile: claim.tile });
    }
    if (called || !discarded) for (const t of newDora) out.push({ to: 'all', type: 'doraRevealed', indicator: t });
    // 5. draws: tiles held beyond what the discards and calls left
    for (const s of SEATS) {
      const extra = cur.seats[s].handCount - expected[s];
      if (extra <= 0) continue;
      if (s === me && cur.drawn != null) out.push({ to: me, type: 'drew', seat: me, tile: cur.drawn, rinshan: rinshan.has(s) });
      out.push({ to: 'all', type: 'drew', seat: s, rinshan: rinshan.has(s) });
    }
    // 6. the end of the hand, and of the game
    if (cur.lastResult && cur.resultJson !== prev.resultJson) {
      out.push({ to: 'all', type: 'handEnded', result: cur.lastResult, scores: cur.seats.map((x) => x.score), uraIndicators: cur.uraIndicators });
    }
    if (cur.standings && cur.standingsJson !== prev.standingsJson) out.push({ to: 'all', type: 'gameEnded', standings: cur.standings });
  }
}
