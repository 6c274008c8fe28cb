import { describe, expect, it } from 'vitest';
import { SchemaSerializer } from '@colyseus/core';
import type { TableState } from '@jantaku/shared/schema/table';
import { TableSerializer } from '../../server/src/rooms/serializer';
import { patchedTable as table } from './fixtures/patchedTable';

/** The same moves of a hand, public and private, applied to a table's state. */
const moves: ((s: TableState) => void)[] = [
  (s) => {
    s.phase = 'playing';
    for (const seat of s.seats) for (let t = 0; t < 13; t++) seat.own.hand.push(seat.seat * 13 + t);
  },
  (s) => {
    s.seats[0].own.hand.push(60);
    s.seats[0].own.drawn = 60;
    s.seats[0].own.legal = 'd';
    s.remaining = 69;
  },
  (s) => {
    s.seats[0].own.hand.splice(0, 1);
    s.seats[0].own.drawn = -1;
    s.seats[0].own.legal = '';
    s.seats[0].discards.push(0);
    s.seats[1].own.claimOffered = true;
  },
  (s) => {
    s.seats[1].own.claimOffered = false;
    s.seats[2].score += 1000;
  },
  // Public only: every client gets the shared part alone.
  (s) => void (s.actions += 1),
];

describe('TableSerializer sends what Colyseus sends, without objects kept from one patch to the next (issue 18)', () => {
  it('every client gets the same frames as from SchemaSerializer, its own hidden tiles alone, over public and private changes', () => {
    const ours = table(new TableSerializer<TableState>());
    const colyseus = table(new SchemaSerializer<TableState>());
    for (const move of moves) {
      move(ours.state);
      move(colyseus.state);
      expect(ours.patch()).toBe(true);
      expect(colyseus.patch()).toBe(true);
    }
    for (let i = 0; i < ours.clients.length; i++) {
      expect(ours.clients[i].frames).toHaveLength(moves.length);
      expect(ours.clients[i].frames).toEqual(colyseus.clients[i].frames);
    }
    // What each decoded: its own concealed tiles and no one else's.
    for (const c of ours.clients)
      for (const seat of [0, 1, 2, 3]) expect([...(c.decoder.state.seats[seat].own?.hand ?? [])]).toEqual(seat === c.seat ? [...ours.state.seats[seat].own.hand] : []);
    expect(ours.clients[0].decoder.state.seats[0].discards.length).toBe(1);
    expect(ours.clients[4].decoder.state.actions).toBe(ours.state.actions);
  });

  it('a view changed since the last patch (a seat taken) goes through Colyseus and arrives', () => {
    const ours = table(new TableSerializer<TableState>());
    const spectator = ours.clients[4];
    spectator.view.add(ours.state.seats[3]);
    ours.state.seats[3].own.legal = 'd';
    expect(ours.patch()).toBe(true);
    expect([...(spectator.decoder.state.seats[3].own?.hand ?? [])]).toEqual([]);
    expect(spectator.decoder.state.seats[3].own?.legal).toBe('d');
    // Then, its view unchanged, the next private change comes by the table's own path.
    ours.state.seats[3].own.drawn = 5;
    expect(ours.patch()).toBe(true);
    expect(spectator.decoder.state.seats[3].own?.drawn).toBe(5);
    expect(ours.clients[0].decoder.state.seats[3].own?.drawn ?? -1).toBe(-1);
  });

  it('nothing changed: nothing is sent', () => {
    const ours = table(new TableSerializer<TableState>());
    expect(ours.patch()).toBe(false);
    for (const c of ours.clients) expect(c.frames).toEqual([]);
  });
});
