import { describe, expect, it } from 'vitest';
import { ArraySchema } from '@colyseus/schema';
import { SchemaSerializer } from '@colyseus/core';
import { Rng } from '@jantaku/shared/game/rng';
import { meldsOf, penaltyTilesOf, type TableState } from '@jantaku/shared/schema/table';
import { reuseStagedItems } from '../../server/src/rooms/stagedItems';
import { patchedTable, randomChange as change } from './fixtures/patchedTable';

const proto = ArraySchema.prototype as unknown as Record<string, Function>;
const HOOK = '~onEncodeEnd';
/** Colyseus's own hook, taken before the module replaces it. */
const colyseusHook = proto[HOOK];

describe('ArraySchema keeps its staged lists from patch to patch (stagedItems.ts, issue 18)', () => {
  it('replaces the hook of the Colyseus version installed, once', () => {
    expect(reuseStagedItems()).toBe(true);
    expect(proto[HOOK]).not.toBe(colyseusHook);
    const ours = proto[HOOK];
    expect(reuseStagedItems()).toBe(true);
    expect(proto[HOOK]).toBe(ours);
  });

  it('every client gets the same frames as with Colyseus own hook, over 2,000 random patches of hands, discards, melds and penalty tiles', () => {
    reuseStagedItems();
    const oursHook = proto[HOOK];
    const withColyseus = patchedTable(new SchemaSerializer<TableState>());
    const withOurs = patchedTable(new SchemaSerializer<TableState>());
    const r1 = new Rng(18);
    const r2 = new Rng(18);
    for (let step = 0; step < 2000; step++) {
      const k = 1 + (step % 3);
      try {
        proto[HOOK] = colyseusHook;
        for (let i = 0; i < k; i++) change(withColyseus.state, r1);
        withColyseus.patch();
      } finally {
        proto[HOOK] = oursHook;
      }
      for (let i = 0; i < k; i++) change(withOurs.state, r2);
      withOurs.patch();
    }
    for (let c = 0; c < withOurs.clients.length; c++) {
      expect(withOurs.clients[c].frames.length).toBeGreaterThan(1000);
      expect(withOurs.clients[c].frames).toEqual(withColyseus.clients[c].frames);
    }
    // And what was decoded is the state: each seat sees its own hand, everyone every seat's public lists.
    const state = withOurs.state;
    for (const c of withOurs.clients)
      for (const seat of [0, 1, 2, 3]) {
        const seen = c.decoder.state.seats[seat];
        expect([...(seen.own?.hand ?? [])]).toEqual(seat === c.seat ? [...state.seats[seat].own.hand] : []);
        expect([...seen.discards]).toEqual([...state.seats[seat].discards]);
        expect(Array.from(meldsOf(seen), (m) => [m.type, ...m.tiles])).toEqual(Array.from(meldsOf(state.seats[seat]), (m) => [m.type, ...m.tiles]));
        expect(Array.from(penaltyTilesOf(seen), (p) => p.tile)).toEqual(Array.from(penaltyTilesOf(state.seats[seat]), (p) => p.tile));
      }
  });

  it('an array changed at every patch alternates between the same two lists instead of making new ones', () => {
    reuseStagedItems();
    const t = patchedTable(new SchemaSerializer<TableState>());
    const hand = t.state.seats[0].own.hand;
    const lists = new Set<unknown>();
    for (let i = 0; i < 40; i++) {
      if (i % 2) hand.splice(0, 1);
      else hand.push(i);
      t.patch();
      lists.add((hand as unknown as { tmpItems: unknown[] }).tmpItems);
      expect([...(hand as unknown as { tmpItems: number[] }).tmpItems]).toEqual([...hand]);
    }
    expect(lists.size).toBe(2);
  });
});
