import { describe, expect, it } from 'vitest';
import { matchMaker, type Server } from '@colyseus/core';
import { connect, play, strategies, type JantakuClient } from '@jantaku/client-sdk';
import type { FaultEvent } from '@jantaku/shared/referee/referee';
import { SERVICE_KEY, type ServiceTable } from '../../server/src/rooms/service';
import type { TableEvents } from '../../server/src/rooms/events';
import { recoveryOptions } from '../../server/src/rooms/TableRoom';
import type { GameStore } from '../../server/src/store/index';
import { rooms, serveDuringFile, until } from './harness';

// Tables the services create (the ranked queue, tournaments): seats that belong to accounts.
const served = serveDuringFile();
const server = () => served.server as Server & { store: GameStore; tableEvents: TableEvents };

let n = 0;
/** A registered account's client, with its id. */
async function account(): Promise<{ client: JantakuClient; id: string; name: string }> {
  const client = connect(served.url);
  const name = `Service Player ${++n}`;
  const a = await client.register(name, `service password ${n}`);
  return { client, id: a.id, name };
}

async function serviceTable(service: ServiceTable, options: Record<string, unknown> = {}): Promise<string> {
  const room = await matchMaker.createRoom('table', { handPauseMs: 0, botDelayMs: 0, ...options, [SERVICE_KEY]: service });
  return room.roomId;
}

describe('service tables', () => {
  it('a reserved seat is taken only by its account, which sits there by itself; nobody else gets a seat; the store keeps the accounts', async () => {
    const players = await Promise.all([account(), account(), account(), account()]);
    const id = await serviceTable({ event: { kind: 'ranked', ref: 'test-kind' }, seats: players.map((p) => p.id), joinSeconds: 60 });
    // Joined in another order: each at its own seat.
    const third = await players[2].client.join(id);
    expect(third.seat).toBe(2);
    const outsider = await account();
    await expect(outsider.client.join(id)).rejects.toThrow(/SEAT_RESERVED/);
    await expect(connect(served.url).join(id)).rejects.toThrow(/SEAT_RESERVED/);
    // Asking for another account's seat by number.
    await expect(players[0].client.join(id, { seat: 1 })).rejects.toThrow(/SEAT_RESERVED/);
    const room = rooms.get(id)!;
    expect(room.state.started).toBe(false);
    const tables = [third];
    for (const s of [0, 1, 3]) tables.push(await players[s].client.join(id));
    expect(tables.map((t) => t.seat)).toEqual([2, 0, 1, 3]);
    await until('the game started with its four players', () => room.state.started);
    expect(SEATS4.map((s) => room.state.seats[s].name)).toEqual(players.map((p) => p.name));
    const store = server().store;
    expect(store.seatClaims(id).map((c) => c.account)).toEqual(players.map((p) => p.id));
    expect(store.gamesOfAccount(players[1].id)).toContainEqual({ gameId: id, seat: 1, created: store.getGame(id)!.created });
    expect(store.getGame(id)!.options.service).toEqual({ event: { kind: 'ranked', ref: 'test-kind' }, seats: players.map((p) => p.id), joinSeconds: 60 });
    // A spectator watches as at any table.
    const watcher = await connect(served.url).spectate(id);
    expect(watcher.role).toBe('spectator');
    await Promise.all([...tables, watcher].map((t) => t.leave()));
  });

  it('a client cannot ask for a service table: the key is dropped from its create options', async () => {
    const p = await account();
    const table = await p.client.create({ bots: 3, [SERVICE_KEY]: { event: { kind: 'ranked', ref: 'forged' }, seats: ['someone', null, null, null], joinSeconds: 1 } } as never);
    const room = rooms.get(table.id)!;
    expect(room.settings.service).toBeNull();
    expect(server().store.getGame(table.id)!.options.service).toBeNull();
    await table.leave();
  });

  it('bad service requests are refused with their reason', async () => {
    const bad: unknown[] = [
      { event: { kind: 'nope', ref: 'x' }, seats: [null, null, null, null], joinSeconds: 5 },
      { event: { kind: 'ranked', ref: '' }, seats: [null, null, null, null], joinSeconds: 5 },
      { event: { kind: 'ranked', ref: 'x' }, seats: ['a', 'a', null, null], joinSeconds: 5 },
      { event: { kind: 'ranked', ref: 'x' }, seats: ['a', null, null], joinSeconds: 5 },
      { event: { kind: 'ranked', ref: 'x' }, seats: ['a', null, null, null], joinSeconds: 0 },
    ];
    for (const s of bad) await expect(matchMaker.createRoom('table', { [SERVICE_KEY]: s })).rejects.toThrow(/invalid service table/);
  });

  it('after joinSeconds the game starts without the players who did not come; one of them takes its seat later', async () => {
    const players = await Promise.all([account(), account(), account(), account()]);
    const id = await serviceTable({ event: { kind: 'tournament', ref: 't/1/1' }, seats: players.map((p) => p.id), joinSeconds: 1 });
    const first = await players[0].client.join(id);
    const second = await players[1].client.join(id);
    const room = rooms.get(id)!;
    await until('the game started with two seats absent', () => room.state.started);
    expect([2, 3].map((s) => room.state.seats[s].presence)).toEqual(['absent', 'absent']);
    const late = await players[3].client.join(id);
    expect(late.seat).toBe(3);
    await until('the late player at its seat', () => room.state.seats[3].presence === 'player');
    await Promise.all([first, second, late].map((t) => t.leave()));
  });

  it('rebuilt after a restart, the table still knows whose seats are whose', async () => {
    const players = await Promise.all([account(), account(), account(), account()]);
    const id = await serviceTable({ event: { kind: 'tournament', ref: 't/1/2' }, seats: players.map((p) => p.id), joinSeconds: 1 }, { seed: 'service-restart-1', reconnectSeconds: 1 });
    const tables = [await players[0].client.join(id), await players[1].client.join(id)];
    await until('the game started without seats 2 and 3', () => rooms.get(id)?.state.started === true);
    await Promise.all(tables.map((t) => t.leave()));
    const actions = rooms.get(id)!.referee.logLength;
    await rooms.get(id)!.disconnect();
    await until('the table gone', () => matchMaker.getLocalRoomById(id) === undefined);
    await matchMaker.handleCreateRoom('table', recoveryOptions(id), undefined, id);
    const room = rooms.get(id)!;
    expect(room.referee.logLength).toBeGreaterThanOrEqual(actions);
    // Seat 1's account comes back without its seat token; seat 2's, which never came, takes its seat now.
    const back = [await players[1].client.join(id), await players[2].client.join(id)];
    expect(back.map((t) => t.seat)).toEqual([1, 2]);
    await expect((await account()).client.join(id)).rejects.toThrow(/SEAT_RESERVED/);
    expect(room.state.seats[3].presence).toBe('absent');
    // Play goes on, seats 0 and 3 played as absent.
    for (const t of back) void play(t, strategies.tsumogiri).catch(() => {});
    await until('play going on', () => room.referee.logLength > actions + 20, 30_000);
    await room.disconnect();
  });

  it('a service asks its own table: bad requests refused with codes; "end after this hand" survives a restart and ends the game after the hand in play', async () => {
    const p = await account();
    const id = await serviceTable({ event: { kind: 'tournament', ref: 't/1/3' }, seats: [p.id, null, null, null], joinSeconds: 60 }, { bots: [1, 2, 3], seed: 'service-end-1', reconnectSeconds: 60 });
    const ask = (request: unknown) => matchMaker.remoteRoomCall(id, 'serviceCall', [request]);
    // Seat 0's player sits and does not play: the first hand stays in play.
    const first = await p.client.join(id);
    const room = rooms.get(id)!;
    await until('the game started', () => room.state.started);
    const before = room.referee.logLength;
    expect(await ask({ type: 'nothing' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await ask(null)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await ask({ type: 'reseat', seats: [{ seat: 9, account: 'x' }] })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await ask({ type: 'reseat', seats: [{ seat: 1, account: p.id }] })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await ask({ type: 'reseat', seats: [{ seat: 1, account: 'someone-else' }] })).toMatchObject({ ok: false, code: 'NOT_BETWEEN_HANDS' });
    expect(server().store.getGame(id)!.options.service).toEqual({ event: { kind: 'tournament', ref: 't/1/3' }, seats: [p.id, null, null, null], joinSeconds: 60 });
    expect(await ask({ type: 'endAfterHand' })).toEqual({ ok: true, hand: 1, ended: false });
    expect(room.referee.logLength).toBe(before);
    // A table of no service is asked nothing.
    const plain = await p.client.create({ bots: 3 });
    expect(await matchMaker.remoteRoomCall(plain.id, 'serviceCall', [{ type: 'endAfterHand' }])).toMatchObject({ ok: false, code: 'NOT_SERVICE_TABLE' });
    await plain.leave();
    // Restarted in the hand: the table still ends after it.
    await first.leave();
    await room.disconnect();
    await until('the table gone', () => matchMaker.getLocalRoomById(id) === undefined);
    await matchMaker.handleCreateRoom('table', recoveryOptions(id), undefined, id);
    const back = await p.client.join(id);
    await play(back, strategies.tsumogiri);
    const log = server().store.commands(id);
    expect(log.at(-1)).toEqual({ seat: -1, command: { type: 'endGame' } });
    expect(log.filter((e) => e.seat === -1)).toHaveLength(1); // no other deal: the first hand was the last
    expect(server().store.getGame(id)!.status).toBe('finished');
    await back.leave();
  });

  it('nobody comes: the table closes, its game leaves no record, and the services hear it', async () => {
    const p = await account();
    const abandoned: string[] = [];
    const listen = (g: string) => abandoned.push(g);
    server().tableEvents.on('abandoned', listen);
    const id = await serviceTable({ event: { kind: 'ranked', ref: 'k' }, seats: [p.id, null, null, null], joinSeconds: 1 }, { bots: [1, 2, 3], closeEmptySeconds: 1 });
    await until('the table abandoned', () => abandoned.includes(id), 30_000);
    server().tableEvents.off('abandoned', listen);
    expect(server().store.getGame(id)).toBeNull();
  });

  it('the table says when a fault is ruled and when the game is finished, each after it is recorded', async () => {
    const p = await account();
    const faults: { gameId: string; fault: FaultEvent; recorded: number }[] = [];
    const finished: { gameId: string; status: string | undefined }[] = [];
    const store = server().store;
    const onFault = (gameId: string, fault: FaultEvent) => faults.push({ gameId, fault, recorded: store.commands(gameId).length });
    const onFinished = (gameId: string) => finished.push({ gameId, status: store.getGame(gameId)?.status });
    server().tableEvents.on('fault', onFault);
    server().tableEvents.on('finished', onFinished);
    const id = await serviceTable(
      { event: { kind: 'quick', ref: 'k' }, seats: [p.id, null, null, null], joinSeconds: 30 },
      { ruleset: 'wrc2015', bots: [1, 2, 3], seed: 'service-events-1', overrides: { length: 'tonpuusen' } },
    );
    const table = await p.client.join(id);
    expect(table.seat).toBe(0);
    await until('the dealer to discard', () => table.legal.some((a) => a.type === 'discard'));
    // East declares tsumo on the hand it was dealt: a false win, ruled by the referee.
    const reply = await table.tsumo();
    expect(reply.status).toBe('fault');
    await until('the fault heard', () => faults.some((f) => f.gameId === id));
    const heard = faults.find((f) => f.gameId === id)!;
    expect(heard.fault).toMatchObject({ type: 'fault', seat: 0, rule: reply.status === 'fault' ? reply.rule : '' });
    // Already in the command log when heard.
    expect(heard.recorded).toBeGreaterThan(0);
    await play(table, strategies.tsumogiri);
    await until('the end heard', () => finished.some((f) => f.gameId === id), 60_000);
    expect(finished.find((f) => f.gameId === id)!.status).toBe('finished');
    server().tableEvents.off('fault', onFault);
    server().tableEvents.off('finished', onFinished);
    await table.leave();
  }, 120_000);
});

const SEATS4 = [0, 1, 2, 3] as const;
