import { describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { TableState } from '@jantaku/shared/schema/table';
import { tableViewOf } from '@jantaku/shared/schema/view';
import { rooms, serveDuringFile, type TableRoomClient } from './harness';
import { unpackDiscard } from '@jantaku/shared/schema/table';

const served = serveDuringFile();
const connect = () => served.client();

const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/** The reason a request was refused with (`ctx.reject`), or a failure if it was accepted. */
async function refusal(room: TableRoomClient, payload: unknown): Promise<{ code: string; reason: string }> {
  try {
    const reply = await room.request('action', payload);
    throw new Error(`accepted: ${JSON.stringify(reply)}`);
  } catch (e) {
    const reason = (e as { reason?: { code: string; reason: string } }).reason;
    if (!reason) throw e;
    return reason;
  }
}

describe('table options', () => {
  it('a table left empty before its game began closes after closeEmptySeconds, and leaves no record', async () => {
    const port = new URL(served.url.replace('ws', 'http')).port;
    const stored = (id: string) => fetch(`http://127.0.0.1:${port}/api/games/${id}`).then((r) => r.status);
    const room = await connect().create<TableState>('table', { seed: 'abandoned', bots: 1, closeEmptySeconds: 1 });
    const id = room.roomId;
    expect(await stored(id)).toBe(200);
    await room.leave();
    // Within the grace period someone may still come: the table waits, and a join keeps it.
    expect((await matchMaker.query({ roomId: id })).length).toBe(1);
    const late = await connect().joinById<TableState>(id, { seat: 1 });
    await new Promise((r) => setTimeout(r, 1300));
    expect((await matchMaker.query({ roomId: id })).length).toBe(1);
    await late.leave();
    await new Promise((r) => setTimeout(r, 1300));
    expect(await matchMaker.query({ roomId: id })).toEqual([]);
    expect(await stored(id)).toBe(404);
  });

  it('refuses an invalid ruleset override, naming the field', async () => {
    await expect(connect().create('table', { ruleset: 'tenhou', overrides: { startPoints: -5 } })).rejects.toThrow(/overrides\.startPoints/);
    await expect(connect().create('table', { ruleset: 'nosuch' })).rejects.toThrow(/ruleset/);
    await expect(connect().create('table', { bots: 7 })).rejects.toThrow(/bots/);
    await expect(connect().create('table', { colour: 'red' })).rejects.toThrow(/colour/);
  });

  it('four bots play a game with nobody seated; a spectator sees it to the end and only public state', async () => {
    const spectator = await connect().create<TableState>('table', { ruleset: 'wrc2015', seed: 'bots-only', bots: 4, botDelayMs: 0, handPauseMs: 0, spectator: true });
    const roomId = spectator.roomId;
    let privateSeen = 0;
    let patches = 0;
    await new Promise<void>((resolve) => {
      spectator.onStateChange((s) => {
        patches++;
        if (Array.from(s.seats ?? []).some((x) => x.own !== undefined)) privateSeen++;
        if (s.phase === 'gameOver') resolve();
      });
    });
    expect(privateSeen).toBe(0);
    const game = rooms.get(roomId)!.referee.game;
    expect(game.phase).toBe('gameOver');
    expect(JSON.parse(spectator.state.standings)).toEqual(game.standings);
    console.log(`bots-only wrc2015: ${game.hands.length} hands, ${rooms.get(roomId)!.state.actions} actions, spectator got ${patches} states`);
    await expect(refusal(spectator, { type: 'pass' })).resolves.toMatchObject({ code: 'SPECTATOR' });
    await spectator.leave();
  });

  it('a seat taken or played by a bot cannot be joined; a free seat is given otherwise', async () => {
    const a = await connect().create<TableState>('table', { seed: 'seats', bots: [3], handPauseMs: 0 });
    await expect(connect().joinById(a.roomId, { seat: 0 })).rejects.toThrow(/taken/);
    await expect(connect().joinById(a.roomId, { seat: 3 })).rejects.toThrow(/bot/);
    const b = await connect().joinById<TableState>(a.roomId, { seat: 2 });
    const c = await connect().joinById<TableState>(a.roomId, {});
    await settle();
    expect(Array.from(c.state.seats).findIndex((s) => s.own !== undefined)).toBe(1);
    await expect(connect().joinById(a.roomId, {})).rejects.toThrow(/no free seat/);
    for (const r of [a, b, c]) await r.leave();
  });
});

describe('bad input', () => {
  it('malformed, oversized, unknown and other-seat messages are answered with an error code, change nothing, and the connection stays', async () => {
    const rooms0 = await connect().create<TableState>('table', { seed: 'bad-input', handPauseMs: 0, botDelayMs: 5 });
    const players: TableRoomClient[] = [rooms0];
    for (let i = 1; i < 4; i++) players.push(await connect().joinById<TableState>(rooms0.roomId, {}));
    const spectator = await connect().joinById<TableState>(rooms0.roomId, { spectator: true });
    await settle();
    const room = rooms.get(rooms0.roomId)!;
    const before = JSON.stringify(room.state.toJSON());
    const logBefore = room.referee.logLength;
    const [dealer, other] = players;
    const dealerLegal = tableViewOf(dealer.state, 0).legalActions;
    const tile = (dealerLegal.find((a) => a.type === 'discard') as { tiles: number[] }).tiles[0];

    const cases: [TableRoomClient, unknown, string][] = [
      [dealer, 'garbage', 'BAD_COMMAND'],
      [dealer, 42, 'BAD_COMMAND'],
      [dealer, null, 'BAD_COMMAND'],
      [dealer, [1, 2, 3], 'BAD_COMMAND'],
      [dealer, { type: 'discard' }, 'BAD_COMMAND'],
      [dealer, { type: 'discard', tile: 999 }, 'BAD_COMMAND'],
      [dealer, { type: 'discard', tile: 'x' }, 'BAD_COMMAND'],
      [dealer, { type: 'teleport' }, 'BAD_COMMAND'],
      [dealer, { type: 'discard', tile, extra: true }, 'BAD_COMMAND'],
      [dealer, { type: 'discard', tile, pad: 'x'.repeat(1000) }, 'TOO_LARGE'],
      // Acting for another seat: the dealer names seat 1; seat 1 tries the dealer's discard.
      [dealer, { type: 'discard', tile, seat: 1 }, 'NOT_YOUR_SEAT'],
      [other, { type: 'discard', tile, seat: 0 }, 'NOT_YOUR_SEAT'],
      [other, { type: 'discard', tile }, 'NOT_YOUR_TURN'],
      [dealer, { type: 'discard', tile: tableViewOf(other.state, 1).hand![0] }, 'TILE_NOT_IN_HAND'],
      [spectator, { type: 'discard', tile }, 'SPECTATOR'],
    ];
    for (const [client, payload, code] of cases) {
      const r = await refusal(client, payload);
      expect(r.code, JSON.stringify(payload)?.slice(0, 80)).toBe(code);
      expect(typeof r.reason).toBe('string');
    }

    // Fire-and-forget sends of junk and of unknown types: answered with messages, never a disconnect.
    const replies: { type: string | number; payload: unknown }[] = [];
    dealer.onMessage('*', (type, payload) => replies.push({ type, payload }));
    dealer.send('action', { type: 'discard', tile: 500 });
    dealer.send('nonsense', { hello: 1 });
    dealer.send(17, 'x');
    await settle(150);
    expect(replies.map((r) => r.type).sort()).toEqual(['actionResult', 'error', 'error']);
    expect(replies.find((r) => r.type === 'actionResult')!.payload).toMatchObject({ code: 'BAD_COMMAND' });
    await expect(dealer.request('nonsense', {})).rejects.toThrow();

    // Nothing changed, everyone is still connected…
    expect(room.referee.logLength).toBe(logBefore);
    expect(JSON.stringify(room.state.toJSON())).toBe(before);
    for (const r of [...players, spectator]) expect(r.connection.isOpen).toBe(true);
    expect(room.clients.length).toBe(5);
    // …and the table still plays: the dealer's legal discard is accepted.
    // An accepted action's reply is the table's actions count alone (docs/PROTOCOL.md §8.1).
    await expect(dealer.request('action', { type: 'discard', tile })).resolves.toBe(1);
    await settle();
    expect(Array.from(spectator.state.seats[0].discards, (d) => unpackDiscard(d).tile)).toEqual([tile]);
    for (const r of [...players, spectator]) await r.leave();
  });
});
