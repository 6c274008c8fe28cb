import { describe, expect, it } from 'vitest';
import { Decoder, StateView } from '@colyseus/schema';
import { ClientState, Room, SchemaSerializer, type Client } from '@colyseus/core';
import { Referee } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { TableState } from '@jantaku/shared/schema/table';
import { dropViewQueueAfterFullState } from '../../server/src/rooms/fullState';
import { newTableState, project } from '../../server/src/rooms/projection';
import { botStep, rng } from './fixtures/botPlay';
import { unpackDiscard } from '@jantaku/shared/schema/table';

/**
 * A table's state as Colyseus encodes it (its own SchemaSerializer), decoded by clients that join
 * part-way through a game the way a room lets them in: `view.add(seat)` in onJoin, patches while
 * the join is in flight, then the full state, then patches. Each joined client's decoded hand and
 * ponds must equal the server's after every patch.
 */

interface FakeClient {
  seat: number;
  state: ClientState;
  view: StateView;
  decoder: Decoder<TableState>;
  raw(bytes: Uint8Array): void;
}

/** Runs `trials` games with late joiners; returns the first mismatch seen, or null. */
function joinDuringGames(trials: number, fixed: boolean): string | null {
  const random = rng(fixed ? 2 : 1);
  for (let trial = 0; trial < trials; trial++) {
    const ref = new Referee({ rules: makeRuleset('tenhou'), seed: `full-state-${trial}` });
    // A recovered or running table: some of the game is played before anyone joins.
    const before = Math.floor(random() * 60);
    for (let i = 0; i < before && botStep(ref); i++);
    const state = newTableState(makeRuleset('tenhou'));
    const serializer = new SchemaSerializer<TableState>();
    serializer.reset(state);
    project(state, ref.game);
    // Half the time the state was already sent out once (a running table), half not (just recovered).
    if (random() < 0.5) serializer.applyPatches([], state);
    // The room's full-state step, with or without the work-around.
    const room = { sendFullState: (c: FakeClient) => c.raw(serializer.getFullState(c as unknown as Client)) };
    if (fixed) dropViewQueueAfterFullState(room as unknown as Room);
    const clients: FakeClient[] = [];
    const joinAt = [0, 1, 2, 3].map(() => Math.floor(random() * 6));
    const joinedAt = joinAt.map((at) => at + Math.floor(random() * 3));
    for (let step = 0; step < 40; step++) {
      for (let seat = 0; seat < 4; seat++) {
        if (joinAt[seat] !== step) continue;
        const decoder = new Decoder(new TableState());
        const c: FakeClient = { seat, state: ClientState.JOINING, view: new StateView(), decoder, raw: (bytes) => decoder.decode(bytes, { offset: 1 }) };
        c.view.add(state.seats[seat]);
        state.seats[seat].presence = 'player';
        clients.push(c);
        serializer.applyPatches(clients as unknown as Client[], state);
      }
      for (const c of clients) {
        if (c.state === ClientState.JOINING && joinedAt[c.seat] <= step) {
          c.state = ClientState.JOINED;
          room.sendFullState(c);
        }
      }
      if (!botStep(ref)) break;
      project(state, ref.game);
      serializer.applyPatches(clients as unknown as Client[], state);
      for (const c of clients) {
        if (c.state !== ClientState.JOINED) continue;
        const seen = (s: TableState) => ({
          hand: Array.from(s.seats[c.seat].own?.hand ?? []),
          ponds: Array.from(s.seats, (x) => Array.from(x.discards, (d) => unpackDiscard(d).tile)),
        });
        const got = JSON.stringify(seen(c.decoder.state));
        const want = JSON.stringify(seen(state));
        if (got !== want) return `game ${trial}, step ${step}, seat ${c.seat}: decoded ${got}, server ${want}`;
      }
    }
  }
  return null;
}

describe('full state for a joining seat (StateView work-around)', () => {
  it('without the work-around, schema 5 gives a seat joining mid-game a wrong hand (when this fails, schema fixed it: drop fullState.ts)', () => {
    expect(joinDuringGames(100, false)).toMatch(/decoded/);
  });

  it('with it, every seat joining mid-game decodes its hand and the ponds exactly, after every patch, in 200 games', () => {
    expect(joinDuringGames(200, true)).toBeNull();
  });

  it('the Room method it wraps exists in this @colyseus/core, and a Room without it is refused', () => {
    expect(typeof (Room.prototype as unknown as { sendFullState?: unknown }).sendFullState).toBe('function');
    expect(() => dropViewQueueAfterFullState({} as Room)).toThrow(/sendFullState/);
  });
});
