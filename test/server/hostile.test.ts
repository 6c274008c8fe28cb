import { rmSync } from 'node:fs';
import { replyFromWire } from '@jantaku/shared/api/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import type { Client } from '@colyseus/sdk';
import { pack, unpack } from 'msgpackr';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import type { Command, LegalAction, RefusalCode, Seat } from '@jantaku/shared/game/types';
import { viewFor } from '@jantaku/shared/game/views';
import { Referee } from '@jantaku/shared/referee/referee';
import type { TableState } from '@jantaku/shared/schema/table';
import { MAX_ACTION_BYTES } from '../../server/src/rooms/TableRoom';
import { isPlainObject } from '../../server/src/rooms/options';
import { rng } from '../support/rng';
import { playSeat } from './fixtures/clientBot';
import { refusal, rooms, startServer, until, type RecordingTableRoom } from './harness';
import { roomLog } from '../support/roomLog';

let server: Server;
let dataDir: string;
let connect: () => Client;
let http: string;

beforeAll(async () => {
  let url: string;
  ({ server, client: connect, dataDir, url } = await startServer());
  http = url.replace(/^ws:/, 'http:');
});
afterAll(async () => {
  await server.gracefullyShutdown(false);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every engine refusal code (the type below fails to compile if the engine adds one). */
const ENGINE_CODES = [
  'GAME_OVER', 'HAND_OVER', 'NOT_YOUR_TURN', 'NOTHING_TO_RESPOND', 'ALREADY_RESPONDED', 'TILE_NOT_IN_HAND', 'BAD_COMMAND',
  'MUST_DISCARD', 'KUIKAE', 'NOT_TENPAI', 'RIICHI_OPEN_HAND', 'RIICHI_ALREADY', 'RIICHI_NO_POINTS', 'RIICHI_NO_TILES',
  'RIICHI_MUST_TSUMOGIRI', 'RIICHI_BAD_KAN', 'NOT_COMPLETE', 'NO_YAKU', 'FURITEN', 'CANNOT_CALL', 'INVALID_MELD',
  'LAST_TILE', 'KAN_LIMIT', 'NOT_KYUUSHU', 'DEAD_HAND', 'MUST_DRAW', 'ALREADY_DREW',
] as const satisfies readonly RefusalCode[];
const allEngineCodes: Exclude<RefusalCode, (typeof ENGINE_CODES)[number]> extends never ? true : never = true;
/** The documented rejection codes (docs: protocol contract). */
const DOCUMENTED = new Set<string>(['BAD_COMMAND', 'TOO_LARGE', 'NOT_YOUR_SEAT', 'SPECTATOR', 'NOT_STARTED', 'UNAVAILABLE', 'RATE_LIMITED', ...ENGINE_CODES]);

const health = async () => (await fetch(`${http}/health`)).json() as Promise<{ status: string }>;
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/**
 * What the server must answer `payload` from `seat` with, worked out from the documented checks
 * and an in-process copy of the table's referee; null: it would be accepted (never sent here).
 * The payload is taken through msgpack first, as the server receives it.
 */
function expectedCode(copy: () => Referee, seat: Seat, payload: unknown): string | null {
  const m = unpack(pack(payload)) as unknown;
  if (!isPlainObject(m)) return 'BAD_COMMAND';
  if (JSON.stringify(m).length > MAX_ACTION_BYTES) return 'TOO_LARGE';
  const { seat: claimed, ...command } = m;
  if (claimed !== undefined && claimed !== seat) return 'NOT_YOUR_SEAT';
  const r = copy().apply(seat, command);
  return r.ok ? null : r.refusal.code;
}

/** Seeded hostile payloads: junk, ill-typed, oversized, other-seat and illegal game commands. */
function hostilePayloads(seed: number, hand: readonly number[], legal: readonly LegalAction[]) {
  const rand = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const anyTile = () => int(0, 135);
  const notHeld = () => {
    for (;;) {
      const t = anyTile();
      if (!hand.includes(t)) return t;
    }
  };
  // One of the seat's legal moves, as a command (sent here only with something that makes it refused).
  const legalCommand = (): Command => {
    const a = pick(legal);
    switch (a.type) {
      case 'discard':
      case 'riichi':
      case 'ankan':
      case 'shouminkan':
        return { type: a.type, tile: pick(a.tiles) };
      case 'chii':
      case 'pon':
        return { type: a.type, tiles: pick(a.options) };
      case 'daiminkan':
        return { type: a.type, tiles: a.tiles };
      default:
        return { type: a.type };
    }
  };
  const nested = (depth: number): unknown => (depth === 0 ? int(0, 200) : [nested(depth - 1)]);
  const junk = (): unknown =>
    pick<() => unknown>([
      () => null,
      () => rand() < 0.5,
      () => int(-1e9, 1e9),
      () => rand() * 1e308,
      () => NaN,
      () => Infinity,
      () => '',
      () => 'discard',
      () => 'x'.repeat(int(1, 400)),
      () => [],
      () => [int(0, 135), int(0, 135)],
      () => [[{ type: 'discard' }]],
      () => ({}),
      () => ({ type: null }),
      () => ({ type: int(0, 20) }),
      () => ({ type: ['discard'] }),
      () => ({ type: 'DISCARD', tile: pick(hand) }),
      () => ({ type: pick(['teleport', 'win', 'undo', 'nextHand', 'manualFault', 'retractRiichi', 'constructor', '__proto__']) }),
      () => ({ type: 'discard', tile: pick<unknown>(['x', 136, 999, -1, 1.5, null, [pick(hand)], {}, true, 2 ** 53]) }),
      () => ({ type: 'discard', tile: pick(hand), extra: pick<unknown>([1, 'x', null, {}]) }),
      () => ({ type: 'chii', tiles: pick<unknown>([[pick(hand)], 'ab', [pick(hand), pick(hand), pick(hand)], [-1, 500]]) }),
      () => ({ type: 'pon', tiles: [anyTile(), anyTile(), anyTile(), anyTile()] }),
      () => ({ type: 'daiminkan', tiles: [anyTile()] }),
      () => ({ type: 'riichi' }),
      () => ({ type: 'ron', reveal: pick<unknown>(['yes', 1, null, {}]) }),
      () => ({ type: 'discard', tile: nested(int(5, 60)) }),
      () => ({ type: 'ankan', tile: { valueOf: 3 } }),
      // Would set a prototype if decoded carelessly.
      () => JSON.parse(`{"type":"discard","tile":${pick(hand)},"__proto__":{"polluted":1}}`),
      () => JSON.parse('{"__proto__":{"type":"pass"}}'),
    ])();
  const illegal = (): unknown =>
    pick<() => unknown>([
      () => ({ type: 'pass' }),
      () => ({ type: 'chii', tiles: [pick(hand), pick(hand)] }),
      () => ({ type: 'pon', tiles: [pick(hand), pick(hand)] }),
      () => ({ type: 'daiminkan' }),
      () => ({ type: 'daiminkan', tiles: [pick(hand), pick(hand), pick(hand)] }),
      () => ({ type: 'ron', reveal: rand() < 0.5 }),
      () => ({ type: 'tsumo', reveal: rand() < 0.5 }),
      () => ({ type: 'kyuushu' }),
      () => ({ type: 'draw' }),
      () => ({ type: 'riichi', tile: anyTile() }),
      () => ({ type: 'ankan', tile: anyTile() }),
      () => ({ type: 'shouminkan', tile: anyTile() }),
      () => ({ type: 'discard', tile: notHeld() }),
      () => ({ type: 'riichi', tile: notHeld(), seat: 0 }),
    ])();
  return (): unknown => {
    const r = rand();
    if (r < 0.3) return junk();
    if (r < 0.45) {
      // Oversized, but its websocket frame stays under 4 KiB.
      const base = rand() < 0.5 ? legalCommand() : illegal();
      return { ...(base as object), pad: 'p'.repeat(int(MAX_ACTION_BYTES, 3900)) };
    }
    if (r < 0.65) return { ...(rand() < 0.7 ? legalCommand() : (illegal() as object)), seat: pick<unknown>([1, 2, 3, '0', 0.5, null, -1, 4, [0]]) };
    return illegal();
  };
}

interface Outcome {
  via: 'request' | 'send';
  expected: string;
  code?: string;
}

describe('Bad input', () => {
  it('a hostile seat sends 3,000+ seeded random, malformed, oversized, out-of-turn, other-seat and unknown-type messages: each is refused with a documented code, the game is exactly as it was, the connection stays, and play goes on', async () => {
    // Seat 0 (the dealer) is to discard; the bots would wait a minute for their turn: the game is frozen.
    const hostile = await connect().create<TableState>('table', { ruleset: 'tenhou', seed: 'hostile-1', bots: 3, botDelayMs: 60_000, handPauseMs: 0, seat: 0 });
    const room = rooms.get(hostile.roomId)! as RecordingTableRoom;
    await until('the deal', () => room.state.started && room.referee.game.phase === 'turn');
    const game = room.referee.game;
    expect(game.turn).toBe(0);
    expect([1, 2, 3].map((s) => game.legalActions(s as Seat))).toEqual([[], [], []]);
    await settle();
    const before = { log: structuredClone(roomLog(room)), state: JSON.stringify(room.state.toJSON()), actions: room.state.actions };
    const opts = { rules: room.settings.rules, seed: room.settings.seed };
    let copy = Referee.replay(opts, before.log);
    expect(copy.log).toEqual(before.log);
    const hand = [...game.seats[0].hand];
    const legal = game.legalActions(0);

    const messages: { type: string | number; payload: unknown }[] = [];
    hostile.onMessage('*', (type, payload) => messages.push({ type, payload }));
    const next = hostilePayloads(20261202, hand, legal);
    const outcomes: Outcome[] = [];
    const sendResults: Outcome[] = [];
    let unknownSends = 0;
    let unknownRequests = 0;
    let skipped = 0;
    const TOTAL = 3200;
    const rand = rng(77);
    for (let batch = 0; outcomes.length + sendResults.length + unknownSends + unknownRequests < TOTAL; batch++) {
      const pending: Promise<void>[] = [];
      for (let i = 0; i < 100; i++) {
        const payload = next();
        const expected = expectedCode(() => copy, 0, payload);
        if (expected === null) {
          // Would be accepted: not hostile, never sent (the copy took it: rebuild it).
          skipped++;
          copy = Referee.replay(opts, before.log);
          continue;
        }
        const r = batch === 0 && i < 40 ? 0 : rand();
        if (r < 0.8) {
          const o: Outcome = { via: 'request', expected };
          outcomes.push(o);
          pending.push(
            hostile.request('action', payload).then(
              (reply) => void (o.code = `ACCEPTED ${JSON.stringify(reply)}`),
              (e: { reason?: { code: string; reason: string } }) => {
                expect(typeof e.reason?.reason).toBe('string');
                o.code = e.reason?.code ?? `ERROR ${String(e)}`;
              },
            ),
          );
        } else if (r < 0.9) {
          sendResults.push({ via: 'send', expected });
          hostile.send('action', payload);
        } else if (r < 0.95) {
          unknownSends++;
          hostile.send(rand() < 0.5 ? `x${Math.floor(rand() * 1e6)}` : Math.floor(rand() * 1000), payload);
        } else {
          unknownRequests++;
          pending.push(
            hostile.request(`nope${i}`, payload).then(
              () => expect.fail('a request of an unknown type was answered'),
              (e: Error) => expect(e.message).toMatch(/no onMessage|handler/),
            ),
          );
        }
      }
      await Promise.all(pending);
    }
    await until('every plain send to be answered', () => messages.filter((m) => m.type === 'actionResult').length === sendResults.length, 10_000);
    const sent = outcomes.length + sendResults.length + unknownSends + unknownRequests;
    expect(sent).toBeGreaterThanOrEqual(3000);

    // Plain sends are answered in order with `actionResult` messages.
    const results = messages.filter((m) => m.type === 'actionResult').map((m) => m.payload as { code: string; reason: string });
    results.forEach((p, i) => {
      expect(typeof p.reason).toBe('string');
      sendResults[i].code = p.code;
    });
    const all = [...outcomes, ...sendResults];
    for (const o of all) {
      expect(DOCUMENTED.has(o.code!), `undocumented answer ${o.code}`).toBe(true);
      // Judged messages get exactly the code the rules give; the rest are RATE_LIMITED.
      if (o.code !== 'RATE_LIMITED') expect(o.code, `expected ${o.expected}`).toBe(o.expected);
    }
    // The burst (20 messages) is judged; RATE_LIMITED replies start once it is spent.
    expect(outcomes.slice(0, 20).map((o) => o.code)).toEqual(outcomes.slice(0, 20).map((o) => o.expected));
    const limited = all.filter((o) => o.code === 'RATE_LIMITED').length;
    expect(limited).toBeGreaterThan(all.length / 2);
    // Unknown message types sent plainly get an error message while budget is left, then silence.
    const unknown = messages.filter((m) => m.type === 'error');
    expect(unknown.every((m) => (m.payload as { code: string }).code === 'UNKNOWN_MESSAGE')).toBe(true);
    expect(unknown.length).toBeLessThanOrEqual(unknownSends);

    // Nothing changed; the connection is open; nothing was polluted; the server answers.
    await settle();
    expect(roomLog(room)).toEqual(before.log);
    expect(JSON.stringify(room.state.toJSON())).toBe(before.state);
    expect(room.state.actions).toBe(before.actions);
    expect(room.referee.faults).toEqual([]);
    expect(hostile.connection.isOpen).toBe(true);
    expect(room.clients.length).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('type');
    await expect(health()).resolves.toMatchObject({ status: 'ok' });

    // Once the budget has refilled (5 a second, 4 s for the burst), the hostile seat's own legal discard is accepted…
    await settle(4_200);
    const tile = game.seats[0].drawn!;
    expect(replyFromWire(await hostile.request('action', { type: 'discard', tile }))).toMatchObject({ status: 'accepted', actions: before.actions + 1 });
    const after = structuredClone(roomLog(room));
    expect(after).toEqual([...before.log, expect.objectContaining({ seat: 0, command: { type: 'discard', tile } })]);
    // …and, now out of turn (seat 1's bot is to play, in a minute), its refused messages are judged again, not rate-limited.
    await settle(100);
    // Seat 0 has nothing to do: another seat's turn, or the claim window on its own discard (which
    // of the two depends on the wall, so on the wall generator: not pinned).
    expect(game.legalActions(0)).toEqual([]);
    const now = Referee.replay(opts, after);
    const held = game.seats[0].hand;
    const outOfTurn: unknown[] = [
      ...held.slice(0, 8).map((t) => ({ type: 'discard', tile: t })),
      { type: 'riichi', tile: held[0] },
      { type: 'tsumo' },
      { type: 'kyuushu' },
      { type: 'pass' },
      { type: 'ankan', tile: held[1] },
      { type: 'discard', tile: held[0], seat: 1 },
    ];
    for (const payload of outOfTurn) {
      const expected = expectedCode(() => now, 0, payload);
      expect(expected).not.toBeNull();
      await expect(refusal(hostile, payload)).resolves.toMatchObject({ code: expected });
    }
    expect(roomLog(room)).toEqual(after);
    expect(hostile.connection.isOpen).toBe(true);

    // A normal client at another table plays a whole hand and into the next.
    const normal = await connect().create<TableState>('table', { ruleset: 'tenhou', seed: 'hostile-normal', bots: 3, botDelayMs: 0, handPauseMs: 0, seat: 0 });
    const player = playSeat(normal, 0);
    await until('the normal table to reach its second hand', () => (normal.state?.hands ?? 0) >= 2, 30_000);
    player.pause();
    expect(player.acked.length).toBeGreaterThan(5);

    const codes = new Map<string, number>();
    for (const o of all) codes.set(o.code!, (codes.get(o.code!) ?? 0) + 1);
    console.log(
      `hostile: ${sent} messages (${outcomes.length} requests, ${sendResults.length} sends, ${unknownSends} unknown-type sends, ${unknownRequests} unknown-type requests; ` +
        `${skipped} generated payloads were legal and not sent); ${all.length - limited} judged, ${limited} RATE_LIMITED; codes ${JSON.stringify(Object.fromEntries(codes))}`,
    );
    expect(allEngineCodes).toBe(true);
    await hostile.leave();
    await normal.leave();
  });

  it('a frame over 4 KiB closes that connection only; the server and the table stay up', async () => {
    const player = await connect().create<TableState>('table', { ruleset: 'tenhou', seed: 'hostile-big', bots: 3, botDelayMs: 60_000, seat: 0 });
    const room = rooms.get(player.roomId)!;
    const watcher = await connect().joinById<TableState>(player.roomId, { spectator: true });
    const big = await connect().joinById<TableState>(player.roomId, { spectator: true });
    await until('the deal', () => room.state.started);
    await settle();
    const log = structuredClone(roomLog(room));
    const closed = new Promise<number>((resolve) => big.onLeave((code) => resolve(code)));
    const reply = big.request('action', { type: 'discard', tile: 0, pad: 'x'.repeat(5000) });
    await expect(reply).rejects.toThrow();
    // ws closes with 1009 (message too big).
    await expect(closed).resolves.toBe(1009);
    await until('the server to drop the client', () => room.clients.length === 2);
    expect(player.connection.isOpen).toBe(true);
    expect(watcher.connection.isOpen).toBe(true);
    expect(roomLog(room)).toEqual(log);
    await expect(health()).resolves.toMatchObject({ status: 'ok' });
    await expect(refusal(player, { type: 'discard', tile: 999 })).resolves.toMatchObject({ code: 'BAD_COMMAND' });
    await player.leave();
    await watcher.leave();
  });

  it("frames that are not the Colyseus protocol never reach the table: unknown codes are ignored, an undecodable message closes only the sender's connection (4002)", async () => {
    const player = await connect().create<TableState>('table', { ruleset: 'tenhou', seed: 'hostile-raw', bots: 3, botDelayMs: 60_000, seat: 0 });
    const room = rooms.get(player.roomId)!;
    const raw = await connect().joinById<TableState>(player.roomId, { spectator: true });
    raw.onMessage('*', () => {});
    await until('the deal', () => room.state.started);
    await settle();
    const log = structuredClone(roomLog(room));
    const state = JSON.stringify(room.state.toJSON());
    const ws = (raw.connection.transport as unknown as { ws: { send(b: Uint8Array): void } }).ws;
    let closedWith: number | null = null;
    raw.onLeave((code) => (closedWith = code));
    // Harmless: an empty frame, unknown protocol codes, a bare ROOM_DATA / ROOM_REQUEST code.
    for (const f of [[], [31, 1, 2, 3], [0], [13], [21], [17]]) ws.send(Uint8Array.from(f));
    await settle(200);
    expect(closedWith).toBeNull();
    expect(raw.connection.isOpen).toBe(true);
    // A ROOM_DATA frame whose msgpack payload has trailing bytes: Colyseus (RoomMessages.onData) closes the connection.
    const frame = [13, 0xa6, ...Buffer.from('action'), ...pack({ type: 'pass' }), 0xff];
    ws.send(Uint8Array.from(frame));
    await until('the undecodable frame to close the connection', () => closedWith !== null, 5_000);
    expect(closedWith).toBe(4002);
    expect(player.connection.isOpen).toBe(true);
    expect(roomLog(room)).toEqual(log);
    expect(JSON.stringify(room.state.toJSON())).toBe(state);
    await expect(health()).resolves.toMatchObject({ status: 'ok' });
    await player.leave();
  });

  it("a spectator's actions are refused with SPECTATOR, its seat's legal moves included", async () => {
    const player = await connect().create<TableState>('table', { ruleset: 'tenhou', seed: 'hostile-spectator', bots: 3, botDelayMs: 60_000, seat: 0 });
    const room = rooms.get(player.roomId)!;
    const spectator = await connect().joinById<TableState>(player.roomId, { spectator: true });
    await until('the deal', () => room.state.started);
    const game = room.referee.game;
    const legal = game.legalActions(0);
    const log = structuredClone(roomLog(room));
    const payloads: unknown[] = [
      efficiencyBot(viewFor(game, 0, legal), legal),
      { type: 'discard', tile: game.seats[0].drawn, seat: 0 },
      { type: 'pass' },
      { type: 'discard', tile: 999 },
      'junk',
      null,
    ];
    for (const p of payloads) await expect(refusal(spectator, p)).resolves.toMatchObject({ code: 'SPECTATOR' });
    expect(roomLog(room)).toEqual(log);
    expect(spectator.connection.isOpen).toBe(true);
    await spectator.leave();
    await player.leave();
  });
});
