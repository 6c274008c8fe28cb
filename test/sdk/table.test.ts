import { describe, expect, it } from 'vitest';
import { connect, JantakuError, type FaultEvent, type RefereeEvent, type Table, type TableListing } from '@jantaku/client-sdk';
import { kindOf } from '@jantaku/shared/tiles/index';
import { handCountOf } from '@jantaku/shared/schema/view';
import { rooms, serveDuringFile } from '../server/harness';

// Behind a trusted proxy (X-Forwarded-For): each test client says its own address.
const served = serveDuringFile(undefined, { trustProxy: true });
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

/** Resolves when `done()` holds (polled: state changes and messages both count). */
function waitFor(done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (done() ? resolve() : setTimeout(check, 10));
    check();
  });
}
const until = (table: Table, done: (t: Table) => boolean) => waitFor(() => done(table));

async function rejection(p: Promise<unknown>): Promise<JantakuError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(JantakuError);
    return e as JantakuError;
  }
  throw new Error('expected a rejection');
}

describe('a Table: seat, typed actions and their errors, spectators, faults, the lobby', () => {
  it('typed actions resolve with the reply or reject with a JantakuError carrying the server code', async () => {
    // Seats 1-3: slow built-in bots, so seat 0 (the dealer) is to discard when we look.
    const table = await connect(served.url).create({ ruleset: 'tenhou', seed: 'sdk-actions', bots: 3, botDelayMs: 60_000, playerName: 'Ann' });
    expect(table.seat).toBe(0);
    await until(table, (t) => t.legal.some((a) => a.type === 'discard'));
    expect(typeof table.token).toBe('string');
    expect(table.token!.length).toBeGreaterThan(10);
    expect(table.state.seats[0].name).toBe('Ann');
    expect(table.hand).toHaveLength(14);
    const view = table.view();
    expect(view.viewer).toBe(0);
    expect(view.hand).toEqual(table.hand);
    expect(view.legalActions).toEqual(table.legal);

    // A tile of a kind the seat does not hold (another copy of a held kind is read as that kind, D3).
    const notHeld = [...Array(136).keys()].find((t) => !table.hand.some((h) => kindOf(h) === kindOf(t)))!;
    const e1 = await rejection(table.discard(notHeld));
    expect(e1.code).toBe('TILE_NOT_IN_HAND');
    expect(e1.reason).toMatch(/./);
    expect((await rejection(table.pon([table.hand[0], table.hand[1]]))).code).toMatch(/^[A-Z_]+$/);
    expect((await rejection(table.act({ type: 'bogus' } as never))).code).toBe('BAD_COMMAND');

    const spectator = await connect(served.url).spectate(table.id);
    expect(spectator.seat).toBeNull();
    expect(spectator.hand).toEqual([]);
    expect(spectator.legal).toEqual([]);
    expect((await rejection(spectator.discard(table.hand[0]))).code).toBe('SPECTATOR');

    const before = table.state.actions;
    const reply = await table.discard(table.legal.find((a) => a.type === 'discard')!.tiles[0]);
    expect(reply).toEqual({ status: 'accepted', actions: before + 1 });
    expect(table.state.actions).toBe(before + 1);
    expect(table.hand).toHaveLength(13);

    // Taking the seat with a wrong token is refused.
    const wrong = await rejection(connect(served.url).rejoin(table.id, { seat: 0, token: 'not-the-token' }));
    expect(wrong.code).toBe('MATCHMAKE');
    expect(wrong.status).toBe(403);
    await spectator.leave();
    await table.leave();
  });

  it('a spectator gets the state and the public events; a fault reaches the table as an event and the actor as a reply', async () => {
    const player = await connect(served.url).create({ ruleset: 'wrc2015', seed: 'sdk-fault', bots: 3, botDelayMs: 60_000 });
    const spectator = await connect(served.url).spectate(player.id);
    const seen: RefereeEvent[] = [];
    const faults: FaultEvent[] = [];
    const mine: RefereeEvent[] = [];
    spectator.on('event', (e) => seen.push(e));
    spectator.on('fault', (f) => faults.push(f));
    player.on('event', (e) => mine.push(e));
    await until(player, (t) => t.legal.some((a) => a.type === 'discard'));
    expect(spectator.state.phase).toBe('turn');
    expect(handCountOf(spectator.state, 0)).toBe(14);
    expect(spectator.state.seats[0].own).toBeUndefined();

    // A false tsumo, shown: WRC penalises it (chombo) rather than refusing it.
    const reply = await player.tsumo({ reveal: true });
    expect(reply.status).toBe('fault');
    if (reply.status !== 'fault') throw new Error('unreachable');
    expect(reply.rule).toMatch(/^WRC-/);
    await until(spectator, () => faults.length > 0);
    expect(faults[0]).toMatchObject({ type: 'fault', seat: 0, rule: reply.rule });
    expect(seen).toContainEqual(faults[0]);
    // The spectator's events are all public; the player's include its own private ones.
    expect(seen.every((e) => e.to === 'all')).toBe(true);
    await until(player, () => mine.some((e) => e.type === 'dealt'));
    expect(mine.filter((e) => e.to !== 'all').every((e) => e.to === 0)).toBe(true);
    expect(seen.some((e) => e.type === 'dealt')).toBe(false);
    expect(rooms.get(player.id)!.referee.faults).toHaveLength(1);
    await spectator.leave();
    await player.leave();
  });

  it('a commentator gets every event, hidden ones included, but only once its hand has ended, and never from a player\'s address', async () => {
    const player = await connect(served.url, from('10.0.0.1')).create({ seed: 'sdk-commentary', bots: 3, bot: 'tsumogiri', botDelayMs: 20, handPauseMs: 60_000, commentatorDelayMs: 1000 });
    // From the player's address: refused, whoever asks.
    const own = await rejection(connect(served.url, from('10.0.0.1')).commentate(player.id));
    expect(own).toMatchObject({ code: 'MATCHMAKE', status: 403 });
    expect(own.message).toContain('OWN_TABLE');
    // From another address: a commentator.
    const commentator = await connect(served.url, from('10.0.0.2')).commentate(player.id);
    expect(commentator.role).toBe('commentator');
    expect(commentator.spectator).toBe(true);
    expect(commentator.seat).toBeNull();
    const events: RefereeEvent[] = [];
    let handOverAt = 0;
    const arrivals: number[] = [];
    commentator.on('event', (e) => events.push(e));
    commentator.on('commentary', () => arrivals.push(Date.now()));
    player.on('event', (e) => {
      if (e.type === 'handEnded') handOverAt = Date.now();
    });
    // The player plays its hand out (tsumogiri, never a call).
    while (!handOverAt) {
      const a = player.legal.find((x) => x.type === 'discard') ?? player.legal.find((x) => x.type === 'pass');
      if (a?.type === 'discard') await player.discard(player.hand.at(-1)!).catch(() => {});
      else if (a) await player.pass().catch(() => {});
      await new Promise((r) => setTimeout(r, 5));
    }
    await waitFor(() => events.some((e) => e.type === 'handEnded'));
    // Nothing of the hand reached the commentator before the hand was over.
    expect(arrivals.length).toBeGreaterThan(0);
    expect(Math.min(...arrivals)).toBeGreaterThanOrEqual(handOverAt);
    // Then every event: the deal and each seat's draws, which only that seat saw during the hand.
    expect(events.filter((e) => e.type === 'dealt').map((e) => e.to).sort()).toEqual([0, 1, 2, 3]);
    expect(events.find((e) => e.type === 'drew' && e.to === 1)).toMatchObject({ seat: 1, tile: expect.any(Number) });
    // A seat cannot be taken from an address that has the commentator view open, nor can a
    // commentator open it from the address a seat was taken from.
    const table2 = await connect(served.url, from('10.0.0.3')).create({ bots: 2, botDelayMs: 60_000, commentatorDelayMs: 1000 });
    const watcher = await connect(served.url, from('10.0.0.4')).commentate(table2.id);
    const sit = await rejection(connect(served.url, from('10.0.0.4')).join(table2.id));
    expect(sit.message).toContain('COMMENTATING');
    // A table without a commentator view refuses one.
    const plain = await connect(served.url).create({ bots: 3, botDelayMs: 60_000 });
    const refused = await rejection(connect(served.url, from('10.0.0.2')).commentate(plain.id));
    expect(refused).toMatchObject({ code: 'MATCHMAKE', status: 403 });
    await Promise.all([commentator.leave(), player.leave(), plain.leave(), watcher.leave(), table2.leave()]);
  });

  it('a commentator joining late gets each batch once, in order, even when the feed’s timers run late (a busy server)', async () => {
    const spectator = await connect(served.url).create({ seed: 'sdk-commentary-late', bots: 4, spectator: true, bot: 'tsumogiri', botDelayMs: 10, handPauseMs: 0, commentatorDelayMs: 1000 });
    const early = await connect(served.url).commentate(spectator.id);
    const seen = (t: Table) => {
      const got: string[] = [];
      t.on('commentary', (b) => got.push(JSON.stringify(b)));
      return got;
    };
    const all = seen(early);
    await waitFor(() => all.length >= 10);
    // Every timer of this process now fires 300 ms late: batches whose delay is over wait for their timers.
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => realSetTimeout(() => fn(...rest), (ms ?? 0) + 300)) as typeof setTimeout;
    let late: Table;
    let got: string[];
    try {
      await new Promise((r) => realSetTimeout(r, 500));
      late = await connect(served.url).commentate(spectator.id);
      got = seen(late);
      await new Promise((r) => realSetTimeout(r, 500));
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    const joinedAt = all.length;
    await waitFor(() => all.length >= joinedAt + 10 && got.length >= 10);
    // The late one's batches are the early one's, from some batch on: none twice, none missing, same order.
    const from = all.indexOf(got[0]);
    expect(from).toBeGreaterThanOrEqual(0);
    expect(new Set(got).size).toBe(got.length);
    expect(got).toEqual(all.slice(from, from + got.length));
    await Promise.all([late!.leave(), early.leave(), spectator.leave()]);
  });

  it('the lobby lists tables live, and tables() returns them', async () => {
    const client = connect(served.url);
    const lists: TableListing[][] = [];
    const stop = client.watchTables((l) => lists.push(l));
    const table = await client.create({ name: 'Listed table', bots: 3, botDelayMs: 60_000, playerName: 'Bo' });
    await waitFor(() => !!lists.at(-1)?.some((x) => x.id === table.id && x.seats?.[0]?.presence === 'player'));
    const listed = lists.at(-1)!.find((x) => x.id === table.id)!;
    expect(listed).toMatchObject({ id: table.id, name: 'Listed table', ruleset: 'tenhou' });
    expect(listed.seats?.map((x) => x.presence)).toEqual(['player', 'bot', 'bot', 'bot']);
    expect(listed.started).toBe(true);
    const all = await client.tables();
    expect(all.find((x) => x.id === table.id)).toMatchObject({ id: table.id, name: 'Listed table' });
    stop();
    await table.leave();
  });
});
