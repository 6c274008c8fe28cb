import { describe, expect, it } from 'vitest';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { Game } from '@jantaku/shared/game/game';
import { liveView } from '@jantaku/shared/game/views';
import type { GameEvent } from '@jantaku/shared/game/types';
import { eventsFromWire, eventsToWire, fromWire, toWire } from '@jantaku/shared/protocol/events';
import { makeRuleset, SHIPPED_RULESETS } from '@jantaku/shared/rules/index';
import { packDiscard } from '@jantaku/shared/schema/table';
import { pack, unpack } from 'msgpackr';

/** Every event of a whole self-play game, as a room sends them (docs/PROTOCOL.md §7.1). */
function eventsOf(ruleset: string, seed: string): GameEvent[] {
  const game = new Game({ rules: makeRuleset(ruleset), seed });
  const out: GameEvent[] = [...game.takeEvents()];
  for (let step = 0; step < 20_000 && game.phase !== 'gameOver'; step++) {
    let r;
    if (game.phase === 'handEnded') r = game.nextHand();
    else {
      const seat = game.toAct()!;
      const legal = game.legalActions(seat);
      r = game.apply(seat, efficiencyBot(liveView(game, seat, legal), legal));
    }
    if (!r.ok) throw new Error(r.refusal.code);
    out.push(...r.value);
  }
  expect(game.phase).toBe('gameOver');
  return out;
}

describe('the events message on the wire (issue 18 item 3)', () => {
  it('every event of whole games under every shipped ruleset comes back exactly, through msgpack', () => {
    const kinds = new Map<string, number>();
    let objectBytes = 0;
    let wireBytes = 0;
    for (const name of Object.keys(SHIPPED_RULESETS)) {
      const events = eventsOf(name, `wire-${name}`);
      const wire = eventsToWire(events);
      for (const w of wire) {
        // Without a state every event goes as a tuple or its object, never as a number.
        const kind = Array.isArray(w) ? `tuple ${w[0]}` : typeof w === 'number' ? 'number' : w.type;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      const received = unpack(pack(wire));
      expect(eventsFromWire(received)).toEqual(events);
      // Same key order as the engine's objects, so a client printing them sees the same JSON.
      expect(JSON.stringify(eventsFromWire(received))).toBe(JSON.stringify(events));
      objectBytes += events.reduce((n, e) => n + pack([e]).length, 0);
      wireBytes += wire.reduce<number>((n, e) => n + pack([e]).length, 0);
    }
    // The four hot events travel as tuples; the rest (deals, results, calls) as objects.
    for (const k of ['tuple 0', 'tuple 1', 'tuple 2', 'tuple 3', 'handStarted', 'dealt', 'called', 'handEnded', 'gameEnded']) expect(kinds.get(k), k).toBeGreaterThan(0);
    for (const k of ['drew', 'discarded', 'claimWindow', 'claimOffered', 'number']) expect(kinds.has(k), k).toBe(false);
    expect(wireBytes).toBeLessThan(objectBytes / 2);
  });

  it('rinshan draws, riichi discards, chankan windows and faults keep every field', () => {
    const events = [
      { to: 2, type: 'drew', seat: 2, tile: 135, rinshan: true },
      { to: 'all', type: 'drew', seat: 2, rinshan: true },
      { to: 'all', type: 'discarded', seat: 1, tile: 0, tsumogiri: true, riichi: true },
      { to: 'all', type: 'discarded', seat: 3, tile: 7, tsumogiri: false, riichi: true },
      { to: 'all', type: 'claimWindow', tile: 33, from: 3, reason: 'chankan' },
      { to: 1, type: 'claimOffered', seat: 1, tile: 33 },
      { to: 'all', type: 'fault', seat: 0, rule: 'WRC-F-FALSE-WIN-REVEALED', penalty: { kind: 'chombo' }, effect: 'cancel', reason: 'false win' },
    ] as const;
    expect(eventsFromWire(unpack(pack(eventsToWire(events as never))))).toEqual(events);
    expect(toWire(events[4] as never)).toEqual([2, -1, 33, 3, 1]);
    expect(toWire(events[0] as never)).toEqual([0, 2, 2, 1, 135]);
  });

  it('an event with a field the tuple has no place for travels as its object', () => {
    const odd = { to: 'all', type: 'discarded', seat: 1, tile: 4, tsumogiri: false, riichi: false, extra: 1 };
    expect(toWire(odd as never)).toBe(odd);
    expect(fromWire(odd)).toBe(odd);
  });

  it('an event that repeats the state goes as one number only when every field is the state’s, and needs the state to come back', () => {
    const result = { kind: 'draw', wins: [], tenpai: [1], revealed: [], deltas: [-1000, 3000, -1000, -1000], nagashi: [] };
    const state = {
      round: 1, honba: 2, riichiSticks: 0, dealer: 1, doraIndicators: [40], uraIndicators: [], turn: 1, claimTile: -1, claimFrom: -1,
      seats: [24000, 28000, 24000, 24000].map((score) => ({ score, discards: [], melds: [] })), lastResult: JSON.stringify(result), standings: '',
    };
    const ended = { to: 'all', type: 'handEnded', result, scores: [24000, 28000, 24000, 24000], uraIndicators: [] };
    const accepted = { to: 'all', type: 'riichiAccepted', seat: 2, scores: [24000, 28000, 24000, 24000], riichiSticks: 0 };
    const started = { to: 'all', type: 'handStarted', round: 1, honba: 2, riichiSticks: 0, dealer: 1, scores: [24000, 28000, 24000, 24000], doraIndicator: 40 };
    // Each as one number: its form's place × 20 + (to + 1) × 4 + its field (handEnded 8, riichiAccepted 7, handStarted 6).
    expect(eventsToWire([ended, accepted, started] as never, state)).toEqual([160, 142, 120]);
    expect(JSON.stringify(eventsFromWire(unpack(pack([160, 142, 120])), state))).toBe(JSON.stringify([ended, accepted, started]));
    // A field the state does not hold as the event says: the event goes whole.
    const other = { ...ended, scores: [25000, 27000, 24000, 24000] };
    expect(toWire(other as never, state)).toBe(other);
    expect(toWire({ ...started, doraIndicator: 41 } as never, state)).toMatchObject({ type: 'handStarted' });
    expect(toWire({ to: 'all', type: 'gameEnded', standings: [] } as never, state)).toMatchObject({ type: 'gameEnded' });
    // Without the state (or with one that has no result) the short forms give no event, never a wrong one.
    expect(eventsFromWire([160, 142, 120, 180])).toEqual([]);
    // 161: handEnded has no field; 200 and up, negatives, fractions, strings and the tuples of these forms are none.
    expect(eventsFromWire([160, 180, 161, 200, -1, 1.5, '180', [6, -1], [7, -1]], { ...state, lastResult: '', standings: '[]' })).toEqual([{ to: 'all', type: 'gameEnded', standings: [] }]);
  });

  it('draws, discards, claim windows, offers and calls the patch already shows go as one number each, and come back exactly from the state', () => {
    const pon = { type: 'pon', tiles: [40, 41, 42], calledTile: 42, from: 1 };
    const state = {
      round: 0, honba: 0, riichiSticks: 1, dealer: 0, doraIndicators: [40], uraIndicators: [], lastResult: '', standings: '',
      turn: 2, claimTile: 33, claimFrom: 3,
      seats: [
        { score: 25000, discards: [9], melds: [{ type: 'pon', tiles: [40, 41, 42], calledTile: 42, from: 1, addedTile: -1 }] },
        { score: 24000, discards: [5, packDiscard({ tile: 0, tsumogiri: true, riichi: true, called: false })], melds: [] },
        { score: 25000, discards: [], melds: [], own: { drawn: 135 } },
        { score: 25000, discards: [33], melds: [] },
      ],
    };
    const events = [
      { to: 2, type: 'drew', seat: 2, tile: 135, rinshan: true },
      { to: 'all', type: 'drew', seat: 2, rinshan: true },
      { to: 'all', type: 'discarded', seat: 1, tile: 0, tsumogiri: true, riichi: true },
      { to: 'all', type: 'claimWindow', tile: 33, from: 3, reason: 'chankan' },
      { to: 2, type: 'claimOffered', seat: 2, tile: 33 },
      { to: 'all', type: 'called', seat: 0, meld: pon },
    ];
    const wire = eventsToWire(events as never, state);
    // One byte each: drew public 0, discarded 1, claimWindow 2, drew own 3, claimOffered 4, called 5 (× 20), + (to + 1) × 4 + field.
    expect(wire).toEqual([73, 1, 21, 41, 92, 100]);
    expect(pack(wire).length).toBe(7);
    expect(JSON.stringify(eventsFromWire(unpack(pack(wire)), state))).toBe(JSON.stringify(events));
    // Anything the state does not show as the event says goes as before: the tuple with its tile, or the object.
    expect(toWire({ ...events[0], tile: 134 } as never, state)).toEqual([0, 2, 2, 1, 134]);
    expect(toWire({ ...events[1], seat: 1 } as never, state)).toEqual([0, -1, 1, 1]);
    expect(toWire({ ...events[2], tsumogiri: false } as never, state)).toEqual([1, -1, 1, 0, 2]);
    expect(toWire({ ...events[2], seat: 2 } as never, state)).toEqual([1, -1, 2, 0, 3]);
    expect(toWire({ ...events[3], from: 2 } as never, state)).toEqual([2, -1, 33, 2, 1]);
    expect(toWire({ to: 1, type: 'claimOffered', seat: 2, tile: 33 } as never, state)).toEqual([3, 1, 2, 33]);
    const kan = { to: 'all', type: 'called', seat: 0, meld: { ...pon, type: 'shouminkan', tiles: [40, 41, 42, 43], addedTile: 43 } };
    expect(toWire(kan as never, state)).toBe(kan);
    // Without the state, or with a state that lacks what they stand for, these forms give no event.
    expect(eventsFromWire([73, 1, 21, 41, 92, 100])).toEqual([]);
    expect(eventsFromWire([[8, 2, 1], [9, -1, 1], [10, -1, 1], [11, -1, 1], [12, 2], [13, -1, 0]], state)).toEqual([]);
    const bare = { ...state, turn: -1, claimTile: -1, claimFrom: -1, seats: state.seats.map((x) => ({ score: x.score, discards: [] as number[], melds: [] })) };
    // 60: a drawer's copy to all; 80: an offer to all; 23: seat 3's discard (none); 2: rinshan 2.
    expect(eventsFromWire([73, 1, 21, 41, 92, 100, 60, 80, 23, 2], bare)).toEqual([]);
  });

  it('a malformed batch gives no event rather than a wrong one', () => {
    const bad: unknown[] = [[9, -1, 0], [1, 4, 0, 5, 0], [1, -1, 0, 136, 0], [1, -1, 0, 5, 4], [0, -1, 0, 2], [0, -1, 0, 0, 200], [2, -1, 5, 1, 2], [3, 'all', 1, 2], [], null, 7, 'x', { type: 3 }];
    expect(eventsFromWire(bad)).toEqual([]);
    expect(eventsFromWire('not a list')).toEqual([]);
    expect(eventsFromWire([[1, -1, 0, 5, 3]])).toEqual([{ to: 'all', type: 'discarded', seat: 0, tile: 5, tsumogiri: true, riichi: true }]);
  });
});
