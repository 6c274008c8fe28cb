import { describe, expect, it } from 'vitest';
import { Referee } from '@jantaku/shared/referee/referee';
import type { Command, Seat } from '@jantaku/shared/game/types';
import type { Game } from '@jantaku/shared/game/game';
import { Rng } from '@jantaku/shared/game/rng';
import { liveView, viewFor, type TableView } from '@jantaku/shared/game/views';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { makeRuleset, SHIPPED_RULESETS } from '@jantaku/shared/rules/index';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { eventsFromWire, eventsToWire, type EventState } from '@jantaku/shared/protocol/events';
import { uraIndicatorsOf, type TableState } from '@jantaku/shared/schema/table';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { pack, unpack } from 'msgpackr';
import { newTableState, project } from '../../server/src/rooms/projection';
import { randomChooser } from '../support/randomBot';

const SEATS: Seat[] = [0, 1, 2, 3];
const VIEWERS = [...SEATS, 'spectator'] as const;

/** A careless declaration: any type, tiles mostly from the hand (faults: dead hands, penalty tiles, chombo). */
function declaration(rng: Rng, game: Game, seat: Seat): Command {
  const hand = game.seats[seat].hand;
  const tile = () => (hand.length && rng.int(10) > 0 ? hand[rng.int(hand.length)] : rng.int(136));
  switch (rng.int(6)) {
    case 0:
      return { type: 'tsumo', reveal: rng.int(2) === 0 };
    case 1:
      return { type: 'ron', reveal: rng.int(2) === 0 };
    case 2:
      return { type: 'riichi', tile: tile() };
    case 3:
      return { type: 'pon', tiles: [tile(), tile()] };
    case 4:
      return { type: 'discard', tile: tile() };
    default:
      return { type: 'chii', tiles: [tile(), tile()] };
  }
}

/** The state as `viewer`'s client holds it, for reading events: other seats' private parts absent. */
function heldBy(state: TableState, viewer: Seat | 'spectator'): EventState {
  return {
    ...(state as unknown as EventState),
    doraIndicators: Array.from(state.doraIndicators),
    uraIndicators: Array.from(uraIndicatorsOf(state)),
    round: state.round,
    honba: state.honba,
    riichiSticks: state.riichiSticks,
    dealer: state.dealer,
    turn: state.turn,
    claimTile: state.claimTile,
    claimFrom: state.claimFrom,
    lastResult: state.lastResult,
    standings: state.standings,
    seats: Array.from(state.seats, (s, i) => ({ score: s.score, discards: s.discards, melds: s.melds, own: i === viewer ? s.own : undefined })),
  };
}

/** A view as plain JSON with the meld fields a client cannot tell apart (absent and -1) made one. */
const plain = (v: TableView) =>
  JSON.stringify({ ...v, seats: v.seats.map((s) => ({ ...s, melds: s.melds.map((m) => [m.type, m.tiles, m.calledTile ?? -1, m.from ?? -1, m.addedTile ?? -1]) })) });

describe('the projection (issue 18 item 7: it compares plain copies, not the schema, and copies only what changed) and the events that repeat it (item 3)', () => {
  for (const name of Object.keys(SHIPPED_RULESETS)) {
    it(`${name}, faulty declarations, WSOM penalty tiles: after every step each seat's and a spectator's view of the state is the engine's own view, and the step's events come back exactly from the state`, () => {
      const rules = makeRuleset(name, {
        foulPolicy: 'penalise',
        clientDraws: true,
        wsom: { count: true, claims: true },
        ...(SHIPPED_RULESETS[name as keyof typeof SHIPPED_RULESETS].chombo.kind === 'none' ? { chombo: { kind: 'globalPoints', points: 20 } } : {}),
      });
      const ref = new Referee({ rules, seed: `projection-${name}` });
      const game = ref.game;
      const rng = new Rng(`projection-${name}`);
      const choose = randomChooser(`projection-${name}`);
      const state = newTableState(rules);
      const seen = { steps: 0, melds: 0, penaltyTiles: 0, deadHands: 0, results: 0 };
      const short = new Map<number, number>();
      const check = (events: readonly RefereeEvent[] = []) => {
        const legal = project(state, game);
        // The step's events as the room sends them right after this patch: those that repeat the
        // state go as their type alone, and come back exactly from the state the client holds.
        // Each viewer decodes what it receives with the state it holds: its own private part, no other.
        for (const viewer of VIEWERS) {
          const mine = events.filter((e) => e.to === 'all' || e.to === viewer);
          const wire = unpack(pack(eventsToWire(mine, state))) as unknown[];
          // The forms read from the state travel as numbers: their place (shared/protocol/events.ts BY_STATE) is the number / 20.
          for (const w of wire) if (typeof w === 'number') short.set(Math.floor(w / 20), (short.get(Math.floor(w / 20)) ?? 0) + 1);
          const back = eventsFromWire(wire, heldBy(state, viewer));
          if (JSON.stringify(back) !== JSON.stringify(mine)) expect(back).toEqual(mine);
        }
        for (const viewer of VIEWERS) {
          const want = viewFor(game, viewer);
          const got = tableViewOf(state, viewer);
          if (plain(got) !== plain(want)) expect(got).toEqual(want);
        }
        SEATS.forEach((s) => expect(legal[s]).toEqual(game.legalActions(s)));
        // The lists the state holds only while they have items (a tracked object each, in every table).
        SEATS.forEach((s) => {
          expect(state.seats[s].melds === undefined, `seat ${s} melds`).toBe(game.seats[s].melds.length === 0);
          expect(state.seats[s].penaltyTiles === undefined, `seat ${s} penalty tiles`).toBe(game.seats[s].penaltyTiles.length === 0);
        });
        expect(state.uraIndicators === undefined, 'ura indicators').toBe(uraIndicatorsOf(state).length === 0);
        if (state.uraIndicators) expect(game.phase === 'handEnded' || game.phase === 'gameOver').toBe(true);
        seen.steps++;
        if (game.seats.some((s) => s.melds.length)) seen.melds++;
        if (game.seats.some((s) => s.penaltyTiles.length)) seen.penaltyTiles++;
        if (game.seats.some((s) => s.deadHand)) seen.deadHands++;
        if (state.lastResult) seen.results++;
      };
      check();
      for (let step = 0; game.phase !== 'gameOver' && step < 150_000; step++) {
        let r;
        if (game.phase === 'handEnded') r = ref.nextHand();
        else if (rng.int(15) === 0) r = ref.apply(rng.int(4) as Seat, declaration(rng, game, rng.int(4) as Seat));
        else {
          const acting = SEATS.find((s) => game.legalActions(s).length > 0)!;
          r = ref.apply(acting, choose(game.legalActions(acting)));
        }
        check(r.ok ? (r.events as RefereeEvent[]) : []);
      }
      expect(game.phase).toBe('gameOver');
      expect(state.standings).not.toBe('');
      // The game reached what the projection must follow: calls, penalty tiles, dead hands, results.
      expect(seen.melds).toBeGreaterThan(0);
      expect(seen.penaltyTiles).toBeGreaterThan(0);
      expect(seen.deadHands).toBeGreaterThan(0);
      expect(seen.results).toBeGreaterThan(0);
      console.log(`${name}: short forms ${JSON.stringify(Object.fromEntries([...short].sort((a, b) => a[0] - b[0])))}`);
      // handStarted, handEnded and gameEnded went as a number (riichiAccepted: where a riichi passed).
      for (const k of [6, 8, 9]) expect(short.get(k), `short form ${k}`).toBeGreaterThan(0);
      // The hot events read from the state too: draws (both copies), discards, windows, offers, calls.
      for (const k of [0, 1, 2, 3, 4, 5]) expect(short.get(k), `short form ${k}`).toBeGreaterThan(0);
    });
  }
  it('the ura indicators are in the state from the end of a hand that shows them to the next deal, absent otherwise', () => {
    const rules = makeRuleset('tenhou');
    let shown = 0;
    for (let g = 0; g < 5 && shown < 3; g++) {
      const ref = new Referee({ rules, seed: `projection-ura-${g}` });
      const game = ref.game;
      const state = newTableState(rules);
      project(state, game);
      while (game.phase !== 'gameOver') {
        if (game.phase === 'handEnded') {
          const ura = game.currentHand.uraIndicators;
          expect(state.uraIndicators ? [...state.uraIndicators] : undefined).toEqual(ura.length ? ura : undefined);
          if (ura.length) shown++;
          ref.nextHand();
        } else {
          const seat = game.toAct()!;
          const legal = game.legalActions(seat);
          expect(ref.apply(seat, efficiencyBot(liveView(game, seat, legal), legal)).ok).toBe(true);
        }
        project(state, game);
        const phase: string = game.phase; // the step changed it
        if (phase !== 'handEnded' && phase !== 'gameOver') expect(state.uraIndicators).toBeUndefined();
      }
    }
    expect(shown).toBeGreaterThan(0);
  });
});
