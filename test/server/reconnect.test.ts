import { describe, expect, it } from 'vitest';
import { replyFromWire } from '@jantaku/shared/api/table';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import type { Command, Seat } from '@jantaku/shared/game/types';
import { viewFor, type TableView } from '@jantaku/shared/game/views';
import { Referee, type RefereeEvent, type RefereeLogEntry } from '@jantaku/shared/referee/referee';
import { prescribedCommand } from '@jantaku/shared/referee/time';
import type { TableState } from '@jantaku/shared/schema/table';
import { handCountOf } from '@jantaku/shared/schema/view';
import { unpackDiscard } from '@jantaku/shared/schema/table';
import { playSeat } from './fixtures/clientBot';
import { keyOf, moments, rooms, serveDuringFile, until, type RecordingTableRoom, type TableRoomClient } from './harness';
import { EVENTS, eventsFromWire } from '@jantaku/shared/protocol/events';
import { roomLog } from '../support/roomLog';

const served = serveDuringFile();
const connect = () => served.client();

const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/** Cuts a client's socket without a close handshake, as a network failure would. */
function cut(room: TableRoomClient): void {
  (room.connection.transport as unknown as { ws: { terminate(): void } }).ws.terminate();
}

/** Every value seat `seat`'s presence took, in order, as `watcher` saw it. */
function presenceLog(watcher: TableRoomClient, seat: Seat): string[] {
  const seen: string[] = [];
  watcher.onStateChange((s) => {
    const p = s.seats?.[seat]?.presence;
    if (p !== undefined && seen.at(-1) !== p) seen.push(p);
  });
  return seen;
}

function collectEvents(room: TableRoomClient): RefereeEvent[] {
  const out: RefereeEvent[] = [];
  room.onMessage(EVENTS, (batch: unknown) => out.push(...eventsFromWire(batch, room.state)));
  room.onMessage('*', () => {});
  return out;
}

/**
 * Replays the server's log in-process; for each command of `seat` from entry `from` on, checks
 * it is what `expected` gives on the game as it was. Returns how many were checked.
 */
function checkAutoPlay(room: RecordingTableRoom, seat: Seat, from: number, expected: (ref: Referee) => Command): number {
  const ref = new Referee({ rules: room.settings.rules, seed: room.settings.seed });
  let checked = 0;
  roomLog(room).forEach((e: RefereeLogEntry, i) => {
    if (e.seat === -1) return void ref.nextHand();
    if (e.seat === -2) return void ref.manual(e.command);
    if (i >= from && e.seat === seat) {
      expect(e.command, `entry ${i}`).toEqual(expected(ref));
      checked++;
    }
    expect(ref.apply(e.seat, e.command, e.by, e.at).ok).toBe(true);
  });
  return checked;
}

/**
 * Plays `seat` through `client` (efficiencyBot on the server's projection for it), one request at
 * a time, until `stop()` holds before a move; `stopped` resolves once no request is in flight.
 */
function driveSeat(room: RecordingTableRoom, client: TableRoomClient, seat: Seat, stop: () => boolean) {
  let acted = 0;
  const stopped = (async () => {
    while (!stop()) {
      const g = room.referee.game;
      const legal = g.legalActions(seat);
      if (legal.length === 0) {
        await settle(5);
        continue;
      }
      try {
        await client.request('action', efficiencyBot(viewFor(g, seat, legal), legal));
        acted++;
      } catch {
        // Computed on a state the table has since left: refused, try again.
      }
    }
  })();
  return { stopped, acted: () => acted };
}

/** How many events `watcher` had when it saw seat `seat` become absent (frames arrive in order). */
function eventsAtAbsence(watcher: TableRoomClient, events: RefereeEvent[], seat: Seat): () => number | null {
  let at: number | null = null;
  watcher.onStateChange((s) => {
    if (at === null && s.seats?.[seat]?.presence === 'absent') at = events.length;
  });
  return () => at;
}

const prescribed = (seat: Seat) => (ref: Referee) => prescribedCommand(ref.game.legalActions(seat), ref.game.seats[seat].drawn);
const efficiency = (seat: Seat) => (ref: Referee) => {
  const legal = ref.game.legalActions(seat);
  return efficiencyBot(viewFor(ref.game, seat, legal), legal);
};

/** Two players (seats 0 and 1), bots at 2 and 3, and a spectator. */
async function table(opts: Record<string, unknown>) {
  const a = await connect().create<TableState>('table', { ruleset: 'tenhou', bots: [2, 3], botDelayMs: 5, handPauseMs: 0, ...opts, seat: 0 });
  const b = await connect().joinById<TableState>(a.roomId, { seat: 1 });
  const spectator = await connect().joinById<TableState>(a.roomId, { spectator: true });
  const room = rooms.get(a.roomId)!;
  await until('the tokens', () => (a.state.seats?.[0]?.own?.token ?? '') !== '' && (b.state.seats?.[1]?.own?.token ?? '') !== '');
  return { a, b, spectator, room, id: a.roomId, token: a.state.seats[0].own!.token };
}

const sorted = (xs: Iterable<number>) => [...xs].sort((x, y) => x - y);

/** The seat's hand in `client`'s state equals the server's at the moment that state shows. */
function expectOwnHand(client: TableRoomClient, roomId: string, seat: Seat): void {
  const m = moments.get(`${roomId}/${keyOf(client.state)}`);
  expect(m, `server moment ${keyOf(client.state)}`).toBeDefined();
  expect(sorted(client.state.seats[seat].own!.hand)).toEqual(sorted(m!.concealed[seat]));
}

describe('Reconnection within and after the window', () => {
  it('within the window: a cut socket is reconnected by the SDK to the same seat with its private view; presence goes away, then player', async () => {
    const t = await table({ seed: 'reconnect-within', reconnectSeconds: 30 });
    t.a.reconnection.minUptime = 0;
    const seen = presenceLog(t.spectator, 0);
    collectEvents(t.spectator);
    const pa = playSeat(t.a, 0);
    const pb = playSeat(t.b, 1);
    await until('the game to be under way', () => t.room.state.actions >= 25);
    const sessionId = t.a.sessionId;
    const dropped = new Promise<number>((r) => t.a.onDrop((code) => r(code)));
    const back = new Promise<void>((r) => t.a.onReconnect(() => r()));
    cut(t.a);
    await expect(dropped).resolves.toBe(1006);
    await back;
    pa.attach(t.a); // a request in flight at the cut was lost with it
    await until('the seat to be taken again', () => t.room.state.seats[0].presence === 'player');
    expect(t.a.sessionId).toBe(sessionId);
    await until('the private view', () => (t.a.state.seats[0].own?.hand.length ?? 0) > 0);
    expectOwnHand(t.a, t.id, 0);
    expect(t.a.state.seats[0].own!.token).toBe(t.token);
    expect(t.a.state.seats[1].own).toBeUndefined();
    await until('the spectator to see the seat back', () => seen.at(-1) === 'player');
    expect(seen).toEqual(['player', 'away', 'player']);
    // Seat 0 plays on from the same connection object.
    const acked = pa.acked.length;
    await until('seat 0 to act again', () => pa.acked.length >= acked + 3);
    expectOwnHand(t.a, t.id, 0);
    expect(t.b.state.seats[0].own).toBeUndefined();
    expect(Array.from(t.spectator.state.seats).every((s) => s.own === undefined)).toBe(true);
    pa.pause();
    pb.pause();
    expect([...pa.badHands, ...pb.badHands]).toEqual([]);
    for (const r of [t.a, t.b, t.spectator]) await r.leave();
  });

  it("after the window: the seat is absent and played out by tsumogiri, the game goes on; the player rejoins with its token and sees its hand, alone", async () => {
    const t = await table({ seed: 'reconnect-after', reconnectSeconds: 1 });
    t.a.reconnection.enabled = false;
    const seen = presenceLog(t.spectator, 0);
    const events = collectEvents(t.spectator);
    const absentAt = eventsAtAbsence(t.spectator, events, 0);
    const pb = playSeat(t.b, 1);
    // Seat 0 plays until a moment when it has nothing to do and no meld: from then on each of its turns starts with a draw.
    const quiet = () => {
      const g = t.room.referee.game;
      return t.room.state.actions >= 20 && g.inHand && g.phase !== 'claims' && g.turn !== 0 && g.legalActions(0).length === 0 && g.seats[0].melds.length === 0;
    };
    await driveSeat(t.room, t.a, 0, quiet).stopped;
    const left = new Promise<number>((r) => t.a.onLeave((code) => r(code)));
    cut(t.a);
    // No request of seat 0 is in flight, and nobody plays it while it is away (no clock here): from now on its commands are the table's.
    const from = t.room.referee.logLength;
    await left;
    await until('the window to close', () => t.room.state.seats[0].presence === 'absent', 5_000);
    await until('seat 0 to be played out for a while', () => roomLog(t.room).slice(from).filter((e) => e.seat === 0).length >= 12, 30_000);
    pb.pause();
    await settle();
    expect(seen.slice(0, 3)).toEqual(['player', 'away', 'absent']);
    // Its discards while absent, as the spectator saw them, are its drawn tiles; every command was the prescribed one.
    const discards = events.slice(absentAt()!).filter((e): e is Extract<RefereeEvent, { type: 'discarded' }> => e.type === 'discarded' && e.seat === 0);
    expect(discards.length).toBeGreaterThanOrEqual(3);
    expect(discards.every((d) => d.tsumogiri)).toBe(true);
    const checked = checkAutoPlay(t.room, 0, from, prescribed(0));
    expect(checked).toBeGreaterThanOrEqual(12);

    // The player comes back with its token: a wrong token or no token is refused.
    await expect(connect().joinById(t.id, { seat: 0, token: 'not-it' })).rejects.toThrow(/token/);
    await expect(connect().joinById(t.id, { seat: 0 })).rejects.toThrow(/taken/);
    const grants: unknown[] = [];
    const c = await connect().joinById<TableState>(t.id, { seat: 0, token: t.token });
    c.onMessage('seat', (g) => grants.push(g));
    c.onMessage('*', () => {});
    await until('the seat to be the player’s again', () => t.room.state.seats[0].presence === 'player' && seen.at(-1) === 'player');
    await until('its private view', () => (c.state.seats?.[0]?.own?.hand.length ?? 0) > 0);
    expectOwnHand(c, t.id, 0);
    expect(c.state.seats[0].own!.token).toBe(t.token);
    for (const s of [1, 2, 3]) expect(c.state.seats[s].own).toBeUndefined();
    expect(t.b.state.seats[0].own).toBeUndefined();
    expect(Array.from(t.spectator.state.seats).every((s) => s.own === undefined)).toBe(true);
    // Back, the seat is no longer played for it: it acts itself.
    pb.attach(t.b);
    const logBack = t.room.referee.logLength;
    const ownMoves = () => roomLog(t.room).slice(logBack).filter((e) => e.seat === 0).length;
    await driveSeat(t.room, c, 0, () => ownMoves() >= 3).stopped;
    expect(t.room.state.seats[0].presence).toBe('player');
    pb.pause();
    expect(seen).toEqual(['player', 'away', 'absent', 'player']);
    console.log(`after the window: ${checked} tsumogiri commands checked, ${discards.length} discards while absent; presence ${seen.join(' → ')}`);
    for (const r of [c, t.b, t.spectator]) await r.leave();
  });

  it("with absent: 'bot', the absent seat is played by the efficiency bot", async () => {
    const t = await table({ seed: 'reconnect-bot', reconnectSeconds: 1, absent: 'bot' });
    t.a.reconnection.enabled = false;
    const events = collectEvents(t.spectator);
    const absentAt = eventsAtAbsence(t.spectator, events, 0);
    const pb = playSeat(t.b, 1);
    await driveSeat(t.room, t.a, 0, () => t.room.state.actions >= 10).stopped;
    cut(t.a);
    const from = t.room.referee.logLength;
    await until('the window to close', () => t.room.state.seats[0].presence === 'absent', 5_000);
    await until('seat 0 to be played for a while', () => roomLog(t.room).slice(from).filter((e) => e.seat === 0).length >= 16, 30_000);
    pb.pause();
    await settle();
    const checked = checkAutoPlay(t.room, 0, from, efficiency(0));
    expect(checked).toBeGreaterThanOrEqual(16);
    // Not tsumogiri: the bot keeps its best tiles (at least one discard from the hand, or a call or a win).
    const own = roomLog(t.room).slice(from).filter((e) => e.seat === 0);
    const byBot = events.slice(absentAt()!).filter((e) => e.type === 'discarded' && e.seat === 0 && !e.tsumogiri).length;
    expect(byBot + own.filter((e) => !['discard', 'pass'].includes(e.command.type)).length).toBeGreaterThan(0);
    console.log(`absent 'bot': ${checked} efficiency-bot commands checked, ${byBot} hand discards`);
    for (const r of [t.b, t.spectator]) await r.leave();
  });

  it('a second connection with the seat token takes the seat over: the stale one is closed (4000), the seat stays the player’s', async () => {
    const t = await table({ seed: 'reconnect-takeover', reconnectSeconds: 30, botDelayMs: 60_000 });
    const seen = presenceLog(t.spectator, 0);
    collectEvents(t.spectator);
    t.a.onMessage('*', () => {});
    const closed = new Promise<number>((r) => t.a.onLeave((code) => r(code)));
    const c = await connect().joinById<TableState>(t.id, { seat: 0, token: t.token });
    c.onMessage('*', () => {});
    await expect(closed).resolves.toBe(4000);
    await until('its private view', () => (c.state.seats?.[0]?.own?.hand.length ?? 0) > 0);
    expectOwnHand(c, t.id, 0);
    await settle(100);
    expect(t.room.state.seats[0].presence).toBe('player');
    expect(seen.every((p) => p === 'player')).toBe(true);
    expect(t.room.clients.length).toBe(3);
    // The new connection plays the seat.
    const legal = t.room.referee.game.legalActions(0);
    const command = efficiencyBot(viewFor(t.room.referee.game, 0, legal), legal);
    expect(replyFromWire(await c.request('action', command))).toMatchObject({ status: 'accepted' });
    for (const r of [c, t.b, t.spectator]) await r.leave();
  });

  it('a spectator joining mid-game gets the current public state, and no private part', async () => {
    const player = await connect().create<TableState>('table', { ruleset: 'tenhou', seed: 'reconnect-spectate', bots: 3, botDelayMs: 0, handPauseMs: 0, seat: 0 });
    const room = rooms.get(player.roomId)!;
    const p = playSeat(player, 0);
    await until('a frozen moment mid-game', () => room.state.actions >= 40 && room.referee.game.legalActions(0).length > 0 && room.referee.game.turn === 0);
    p.pause();
    await settle(100);
    const game = room.referee.game;
    const actions = room.state.actions;
    const spectator = await connect().joinById<TableState>(player.roomId, { spectator: true });
    await until('its state', () => spectator.state.seats?.length === 4);
    await settle();
    expect(room.state.actions).toBe(actions);
    const json = spectator.state.toJSON() as unknown as Record<string, unknown> & { seats: Record<string, unknown>[] };
    const view = viewFor(game, 'spectator');
    expect(publicPart(json)).toEqual(expectedPublic(view));
    for (const s of json.seats) expect(s.own).toBeUndefined();
    expect(json.hands).toBe(game.hands.length);
    expect(json.actions).toBe(actions);
    console.log(`spectator joined at action ${actions} (hand ${game.hands.length}, ${view.seats.reduce((n, s) => n + s.discards.length, 0)} discards on the table)`);
    await spectator.leave();
    await player.leave();
  });
});

/** The spectator's public fields, as the engine's view names them. */
function expectedPublic(v: TableView) {
  return {
    phase: v.phase,
    round: v.round,
    honba: v.honba,
    riichiSticks: v.riichiSticks,
    dealer: v.dealer,
    turn: v.turn,
    remaining: v.remaining,
    doraIndicators: v.doraIndicators,
    uraIndicators: v.uraIndicators,
    claimTile: v.claim?.tile ?? -1,
    claimFrom: v.claim?.from ?? -1,
    lastResult: v.lastResult ? JSON.stringify(v.lastResult) : '',
    standings: v.standings ? JSON.stringify(v.standings) : '',
    seats: v.seats.map((s) => ({
      seat: s.seat,
      score: s.score,
      wind: s.wind,
      handCount: s.handCount,
      riichi: s.riichi,
      deadHand: s.deadHand,
      discards: s.discards,
      melds: s.melds.map((m) => ({ type: m.type, tiles: m.tiles, calledTile: m.calledTile ?? -1, from: m.from ?? -1, addedTile: m.addedTile ?? -1 })),
      penaltyTiles: s.penaltyTiles,
    })),
  };
}

function publicPart(j: Record<string, unknown> & { seats: Record<string, unknown>[] }) {
  const keys = ['phase', 'round', 'honba', 'riichiSticks', 'dealer', 'turn', 'remaining', 'doraIndicators', 'uraIndicators', 'claimTile', 'claimFrom', 'lastResult', 'standings'];
  const seatKeys = ['seat', 'score', 'wind', 'handCount', 'riichi', 'deadHand', 'discards', 'melds', 'penaltyTiles'];
  return {
    // The lists the state drops while empty (schema/table.ts) read as empty.
    ...Object.fromEntries(keys.map((k) => [k, k === 'uraIndicators' ? (j[k] ?? []) : j[k]])),
    seats: j.seats.map((s, i) =>
      Object.fromEntries(
        seatKeys.map((k) => [
          k,
          // The wire packs each discard in a number, and has the count beyond the expected one (schema/view.ts).
          k === 'discards'
            ? (s[k] as number[]).map(unpackDiscard)
            : k === 'handCount'
              ? handCountOf(j as unknown as Parameters<typeof handCountOf>[0], i)
              : k === 'melds' || k === 'penaltyTiles'
                ? (s[k] ?? [])
                : s[k],
        ]),
      ),
    ),
  };
}
