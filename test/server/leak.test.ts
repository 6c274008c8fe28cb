import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import { Client } from '@colyseus/sdk';
import { decode, Reflection, type Decoder, type Iterator, type Schema } from '@colyseus/schema';
import { Protocol, PROTOCOL_CODE_MASK } from '@colyseus/shared-types';
import { pack, unpack } from 'msgpackr';
import type { Seat } from '@jantaku/shared/game/types';
import { EVENTS, fromWire } from '@jantaku/shared/protocol/events';
import { SHIPPED_RULESETS } from '@jantaku/shared/rules/index';
import type { TableState } from '@jantaku/shared/schema/table';
import { tapFrames } from '../support/frames';
import { playSeat } from './fixtures/clientBot';
import { keyOf, moments, rooms, startServer, tilesIn, until, type TableRoomClient } from './harness';

/** Every frame each client's socket delivers: the checks below decode them on their own. */
let tap: ReturnType<typeof tapFrames>;

let server: Server;
let dataDir: string;
let connect: () => Client;

let url: string;

beforeAll(async () => {
  tap = tapFrames();
  // Behind a trusted proxy: the commentator says it comes from another address than the players.
  ({ server, client: connect, dataDir, url } = await startServer(undefined, undefined, { trustProxy: true }));
});
afterAll(async () => {
  tap.untap();
  await server.gracefullyShutdown(false);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Keys under which events, results and replies carry tile ids (any depth, numbers or lists of them). */
const TILE_KEYS = new Set(['tile', 'tiles', 'doraIndicator', 'doraIndicators', 'indicator', 'uraIndicators', 'concealed', 'winTile', 'calledTile', 'addedTile', 'hand', 'drawn']);

/** Every tile id in a decoded message, with its path. */
function tilesInMessage(payload: unknown): { tile: number; where: string }[] {
  const out: { tile: number; where: string }[] = [];
  const numbers = (v: unknown, where: string): void => {
    if (typeof v === 'number') out.push({ tile: v, where });
    else if (Array.isArray(v)) v.forEach((x, i) => numbers(x, `${where}[${i}]`));
  };
  const walk = (v: unknown, where: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (TILE_KEYS.has(k)) numbers(x, `${where}.${k}`);
        walk(x, `${where}.${k}`);
      }
  };
  walk(payload, '');
  return out;
}

/** All a claim window's public event may carry. */
const CLAIM_WINDOW_KEYS = new Set(['to', 'type', 'tile', 'from', 'reason']);

interface Finding {
  frame: number;
  what: string;
}

interface Stats {
  frames: number;
  states: number;
  messages: number;
  events: number;
  stateTiles: number;
  messageTiles: number;
  windows: number;
}

const newStats = (): Stats => ({ frames: 0, states: 0, messages: 0, events: 0, stateTiles: 0, messageTiles: 0, windows: 0 });

/** Decodes a client's frames in order, as the SDK does: the JOIN handshake's reflection, full states, patches, messages and replies. */
class Wire {
  private decoder: Decoder<Schema> | null = null;

  get state(): TableState | null {
    return this.decoder ? (this.decoder.state as unknown as TableState) : null;
  }

  feed(buffer: Uint8Array): { kind: 'state' } | { kind: 'message'; type: string | number; payload: unknown } | { kind: 'other' } {
    const it: Iterator = { offset: 1 };
    const code = buffer[0];
    if (code !== (code & PROTOCOL_CODE_MASK)) throw new Error(`unexpected protocol modifier in ${code}`);
    const bytes = buffer as Buffer;
    if (code === Protocol.JOIN_ROOM) {
      decode.utf8Read(bytes, it, buffer[it.offset++]); // reconnection token
      decode.utf8Read(bytes, it, buffer[it.offset++]); // serializer
      const end = decode.number(bytes, it) + it.offset;
      this.decoder = Reflection.decode(buffer.subarray(0, end), it);
      return { kind: 'other' };
    }
    if (code === Protocol.ROOM_STATE || code === Protocol.ROOM_STATE_PATCH) {
      if (!this.decoder) throw new Error('state before the handshake');
      if (code === Protocol.ROOM_STATE && this.decoder.root.refs.size > 1) this.decoder.decodeResync(buffer, it);
      else this.decoder.decode(buffer, it);
      return { kind: 'state' };
    }
    if (code === Protocol.ROOM_DATA || code === Protocol.ROOM_RESPONSE) {
      let type: string | number = 'reply';
      if (code === Protocol.ROOM_DATA) type = decode.stringCheck(bytes, it) ? decode.string(bytes, it) : decode.number(bytes, it);
      else {
        decode.number(bytes, it); // request id
        it.offset++; // status
      }
      return { kind: 'message', type, payload: buffer.byteLength > it.offset ? (unpack(buffer.subarray(it.offset)) as unknown) : undefined };
    }
    return { kind: 'other' };
  }
}

/**
 * Every tile the viewer was sent in `list` (one client's frames) and may not know at that
 * moment: the moment is the one the viewer's decoded state shows, as the server recorded it
 * (harness `moments`; viewer 4 is a spectator). Also: another seat's private part, an event
 * addressed to someone else, an own hand unlike the server's.
 */
function inspect(list: readonly Uint8Array[], roomId: string, viewer: Seat | 4, stats: Stats, unchecked: ReadonlySet<string> = new Set()): Finding[] {
  const found: Finding[] = [];
  const wire = new Wire();
  const moment = (i: number) => {
    const key = wire.state?.seats?.length ? keyOf(wire.state) : '(no state)';
    const m = moments.get(`${roomId}/${key}`);
    if (!m) found.push({ frame: i, what: `no server moment ${key}` });
    return m;
  };
  list.forEach((buffer, i) => {
    stats.frames++;
    const f = wire.feed(buffer);
    if (f.kind === 'state') {
      stats.states++;
      const s = wire.state!;
      if (!s.seats || s.seats.length < 4) return;
      const m = moment(i);
      if (!m) return;
      Array.from(s.seats).forEach((seat, k) => {
        if (k !== viewer && seat.own !== undefined) found.push({ frame: i, what: `seat ${k}'s private part` });
        // A claim clock runs for the offered seats only: a seat's public deadline in a window would name them.
        if (s.phase === 'claims' && seat.deadline !== 0) found.push({ frame: i, what: `seat ${k}'s public deadline in a claim window` });
      });
      for (const { tile, where } of tilesIn(s)) {
        stats.stateTiles++;
        if (!m.allowed[viewer].has(tile)) found.push({ frame: i, what: `tile ${tile} at ${where} (state ${keyOf(s)})` });
      }
      if (viewer !== 4) {
        const hand = Array.from(s.seats[viewer].own?.hand ?? []).sort((a, b) => a - b);
        if (JSON.stringify(hand) !== JSON.stringify([...m.concealed[viewer]].sort((a, b) => a - b))) found.push({ frame: i, what: `own hand differs from the server's at ${keyOf(s)}` });
      }
    } else if (f.kind === 'message') {
      stats.messages++;
      // Events travel partly as tuples, some read back from the state (shared/protocol/events.ts):
      // judged as the client reads them, with the state it holds when they arrive.
      let payload = f.payload;
      if (f.type === EVENTS) {
        const list = Array.isArray(f.payload) ? f.payload : [];
        if (!Array.isArray(f.payload)) found.push({ frame: i, what: 'an events message that is not a list' });
        const decoded = list.map((w) => fromWire(w, wire.state ?? undefined));
        decoded.forEach((e, k) => {
          if (e === null) found.push({ frame: i, what: `an event no client can read: ${JSON.stringify(list[k]).slice(0, 80)}` });
        });
        payload = decoded.filter((e) => e !== null);
        for (const e of payload as { to: string | number; type: string }[]) {
          stats.events++;
          if (e.to !== 'all' && e.to !== viewer) found.push({ frame: i, what: `an event for ${e.to}: ${JSON.stringify(e).slice(0, 80)}` });
          // A claim window's public part says only that it is open: to whom it is offered is private.
          if (e.type === 'claimWindow') {
            stats.windows++;
            const extra = Object.keys(e).filter((k) => !CLAIM_WINDOW_KEYS.has(k));
            if (extra.length > 0) found.push({ frame: i, what: `claim window carries ${extra.join(', ')}` });
          }
        }
      }
      if (unchecked.has(String(f.type))) return;
      const tiles = tilesInMessage(payload);
      if (tiles.length === 0) return;
      const m = moment(i);
      if (!m) return;
      for (const { tile, where } of tiles) {
        stats.messageTiles++;
        if (!m.allowed[viewer].has(tile)) found.push({ frame: i, what: `tile ${tile} at ${f.type === EVENTS ? 'events' : String(f.type)}${where}` });
      }
    }
  });
  return found;
}

/**
 * A commentator's frames: its state and messages as a spectator's, and every event of its
 * `commentary` (which shows every hand) from a hand that had ended when it arrived: the hand a
 * batch belongs to is counted from its `handStarted` events, the moment is the state it had.
 */
function inspectCommentary(list: readonly Uint8Array[], roomId: string, stats: Stats): { found: Finding[]; hands: number; events: number } {
  const found = inspect(list, roomId, 4, stats, new Set(['commentary']));
  const wire = new Wire();
  let hand = 0;
  let events = 0;
  list.forEach((buffer, i) => {
    const f = wire.feed(buffer);
    if (f.kind !== 'message' || f.type !== 'commentary') return;
    const s = wire.state!;
    for (const batch of f.payload as { events: { type: string }[] }[])
      for (const e of batch.events) {
        events++;
        if (e.type === 'handStarted') hand++;
        const over = hand < s.hands || (hand === s.hands && (s.phase === 'handEnded' || s.phase === 'gameOver'));
        if (!over) found.push({ frame: i, what: `commentary of hand ${hand} (${e.type}) while it runs (state ${keyOf(s)}, ${s.phase})` });
      }
  });
  return { found, hands: hand, events };
}

/** How many events a client's `events` messages carried. */
function countEvents(list: readonly Uint8Array[]): number {
  const wire = new Wire();
  let n = 0;
  for (const buffer of list) {
    const f = wire.feed(buffer);
    if (f.kind === 'message' && f.type === EVENTS) n += (f.payload as unknown[]).length;
  }
  return n;
}

/** A ROOM_DATA frame as the server encodes one. */
function dataFrame(type: string | number, payload: unknown): Uint8Array {
  // A small number is one byte (a positive fixint); a name its length and its bytes.
  const name = typeof type === 'number' ? [type] : [0xa0 | Buffer.byteLength(type), ...Buffer.from(type)];
  return Uint8Array.from([Protocol.ROOM_DATA, ...name, ...pack(payload)]);
}

describe('No leak', () => {
  // Every shipped ruleset (new presets included), and tenhou's `prevent` with a clock, whose claim windows are timed.
  const cases: [string, string, Record<string, unknown>][] = [
    ...Object.keys(SHIPPED_RULESETS).map((name, i): [string, string, Record<string, unknown>] => [name, `leak-hanchan-${i + 1}`, {}]),
    ['tenhou', 'leak-hanchan-timed', { timeControl: 'bank' }],
  ];
  it.each(cases)('over a whole %s hanchan (seed %s), no frame any of four players or a spectator receives carries a tile or a claim offer it may not know', async (ruleset, seed, extra) => {
    const started = Date.now();
    const first = await connect().create<TableState>('table', { ruleset, seed, handPauseMs: 0, botDelayMs: 5, seat: 0, commentatorDelayMs: 1000, ...extra });
    const roomId = first.roomId;
    const players: TableRoomClient[] = [first];
    for (const seat of [1, 2, 3]) players.push(await connect().joinById<TableState>(roomId, { seat }));
    const spectator = await connect().joinById<TableState>(roomId, { spectator: true });
    const commentator = await new Client(url, { headers: { 'x-forwarded-for': '192.0.2.77' } }).joinById<TableState>(roomId, { commentator: true });
    let commentaryOver = false;
    commentator.onMessage('commentary', (batches: { events: { type: string }[] }[]) => {
      if (batches.some((b) => b.events.some((e) => e.type === 'gameEnded'))) commentaryOver = true;
    });
    for (const r of [...players, spectator, commentator]) r.onMessage('*', () => {});
    const seats = players.map((r, s) => playSeat(r, s as Seat));
    await Promise.all(seats.map((p) => p.done));
    await until('every client to have the end', () => [...players, spectator].every((r) => r.state.phase === 'gameOver' && r.state.standings !== ''));
    const game = rooms.get(roomId)!.referee.game;
    expect(game.phase).toBe('gameOver');
    await until("the commentator to have the game's end", () => commentaryOver);

    const stats = newStats();
    const clients: [TableRoomClient, Seat | 4][] = [...players.map((r, s): [TableRoomClient, Seat | 4] => [r, s as Seat]), [spectator, 4]];
    for (const [r, viewer] of clients) {
      const list = tap.framesOf(r)!;
      expect(list.length).toBeGreaterThan(100);
      const findings = inspect(list, roomId, viewer, stats);
      expect(findings.slice(0, 5), `viewer ${viewer}`).toEqual([]);
    }
    expect(stats.events).toBeGreaterThan(1000);
    expect(stats.messageTiles).toBeGreaterThan(1000);
    expect(stats.windows).toBeGreaterThan(0);
    // The commentator: every hand, each only once it was over.
    const feed = inspectCommentary(tap.framesOf(commentator)!, roomId, stats);
    expect(feed.found.slice(0, 5)).toEqual([]);
    expect(feed.hands).toBe(game.hands.length);
    // More than the spectator's public events: the private ones (each seat's draws) too.
    const publicEvents = inspect(tap.framesOf(spectator)!, roomId, 4, newStats()).length === 0 ? countEvents(tap.framesOf(spectator)!) : -1;
    expect(feed.events).toBeGreaterThan(publicEvents);
    expect(publicEvents).toBeGreaterThan(100);

    // The checker has teeth. (1) A forged `events` message dealing seat 0's hand to the spectator, at a real moment.
    const specFrames = tap.framesOf(spectator)!;
    const probe = newStats();
    const upTo = specFrames.slice(0, 60);
    const m = moments.get(`${roomId}/${keyOf(lastState(upTo))}`)!;
    const hidden = m.concealed[0].filter((t) => !m.allowed[4].has(t));
    expect(hidden.length).toBeGreaterThan(0);
    const forged = inspect([...upTo, dataFrame(EVENTS, [{ to: 'all', type: 'dealt', seat: 0, tiles: m.concealed[0] }])], roomId, 4, probe);
    expect(forged.map((f) => f.what)).toEqual(expect.arrayContaining(hidden.map((t) => expect.stringContaining(`tile ${t} at events`))));
    // (1b) The same in the short wire form: a public `drew` tuple carrying a hidden tile, and a tuple no client can read.
    const tuple = inspect([...upTo, dataFrame(EVENTS, [[0, -1, 0, 0, hidden[0]], [7, -1, hidden[0]]])], roomId, 4, newStats());
    expect(tuple.map((f) => f.what)).toEqual(expect.arrayContaining([expect.stringContaining(`tile ${hidden[0]} at events`), expect.stringContaining('an event no client can read')]));
    // (2) Seat 0's real bytes, had they gone to the spectator: its hand in every state, and its private events.
    const crossed = inspect(tap.framesOf(players[0])!, roomId, 4, newStats());
    expect(crossed.some((f) => f.what === "seat 0's private part")).toBe(true);
    expect(crossed.some((f) => /own\.hand/.test(f.what))).toBe(true);
    expect(crossed.some((f) => /at events.*tiles/.test(f.what))).toBe(true);
    // (3) Seat 1's bytes read as seat 0's: another seat's private part and hand.
    expect(inspect(tap.framesOf(players[1])!, roomId, 0, newStats()).some((f) => f.what === "seat 1's private part")).toBe(true);
    // (4) A claim window naming the seats it is offered to, as it went out before issue 14.
    const named = inspect([...upTo, dataFrame(EVENTS, [{ to: 'all', type: 'claimWindow', tile: m.concealed[0][0], from: 0, seats: [1], reason: 'discard' }])], roomId, 4, newStats());
    expect(named.map((f) => f.what)).toContain('claim window carries seats');
    // (5) A commentary of the first hand sent while it runs, as with a delay of 0 before issue 14.
    let running = 1;
    while (running < specFrames.length && !(lastState(specFrames.slice(0, running))?.phase === 'turn' && lastState(specFrames.slice(0, running)).hands === 1)) running++;
    const early = inspectCommentary([...specFrames.slice(0, running), dataFrame('commentary', [{ at: 0, events: [{ to: 0, type: 'handStarted' }, { to: 0, type: 'dealt', seat: 0, tiles: m.concealed[0] }] }])], roomId, newStats());
    expect(early.found.map((f) => f.what)).toEqual([expect.stringMatching(/^commentary of hand 1 \(handStarted\) while it runs/), expect.stringMatching(/^commentary of hand 1 \(dealt\) while it runs/)]);

    console.log(
      `no leak (${ruleset}): ${game.hands.length} hands, ${rooms.get(roomId)!.state.actions} actions, ${Date.now() - started} ms; ` +
        `${stats.frames} frames (${stats.states} states, ${stats.messages} messages with ${stats.events} events) from 5 clients; ` +
        `tiles checked: ${stats.stateTiles} in states, ${stats.messageTiles} in messages; claim windows: ${stats.windows}; forged leaks found: ${forged.length}, crossed: ${crossed.length}`,
    );
    for (const r of [...players, spectator, commentator]) await r.leave();
  });

  it('the message walker finds tiles under every key events use', () => {
    const found = tilesInMessage([
      { to: 'all', type: 'handStarted', doraIndicator: 1, scores: [25000, 25000, 25000, 25000] },
      { to: 0, type: 'dealt', tiles: [2, 3] },
      { to: 'all', type: 'doraRevealed', indicator: 4 },
      { to: 'all', type: 'called', meld: { tiles: [5, 6, 7], calledTile: 5, addedTile: 8, from: 2 } },
      { to: 'all', type: 'handEnded', uraIndicators: [9], result: { wins: [{ winTile: 10, concealed: [11], uraIndicators: [12], melds: [{ tiles: [13] }] }], revealed: [{ seat: 1, concealed: [14] }] }, scores: [99] },
    ]).map((x) => x.tile);
    expect(found.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });
});

/** The state after decoding `list` (for the teeth check's moment). */
function lastState(list: readonly Uint8Array[]): TableState {
  const wire = new Wire();
  for (const buffer of list) wire.feed(buffer);
  return wire.state!;
}
