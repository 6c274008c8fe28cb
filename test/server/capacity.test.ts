import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import { Client } from '@colyseus/sdk';

type SeatReservation = Parameters<Client['consumeSeatReservation']>[0];
import { connect, play, ServerFullError, strategies, type Table } from '@jantaku/client-sdk';
import { Capacity } from '../../server/src/capacity';
import { limitsFromEnv } from '../../server/src/limits';
import { spawnServer } from '../support/serverProcess';
import { freePort, rooms, startServer, until } from './harness';

/**
 * Graceful overload (issue 18) on a live server with room for 2 tables and 3 seats: past it a
 * new table or seat is refused with SERVER_FULL (HTTP 503, or the join's refusal reason), the
 * running table plays on, /metrics and /health show the load, and a table that closes frees
 * its place.
 */

let served: { server: Server; url: string; dataDir: string };
beforeAll(async () => {
  served = await startServer(undefined, undefined, { maxTables: 2, maxSeats: 3 });
});
afterAll(async () => {
  await served.server.gracefullyShutdown(false);
  rmSync(served.dataDir, { recursive: true, force: true });
});

const http = () => served.url.replace(/^ws/, 'http');
const matchmake = (method: string, target: string, body: unknown) =>
  fetch(`${http()}/matchmake/${method}/${target}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function refused(p: Promise<unknown>): Promise<ServerFullError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ServerFullError);
    return e as ServerFullError;
  }
  throw new Error('expected SERVER_FULL');
}

const health = async () => (await fetch(`${http()}/health`)) as Response;
const metric = (text: string, name: string) => Number(new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);

describe('capacity: 2 tables, 3 seats', () => {
  it('refuses a new table and a new seat with SERVER_FULL, plays the running table on, reports the load, and frees capacity when a table closes', async () => {
    // Table A: one player and three bots, playing. Table B: its creator and one bot, waiting.
    const a = await connect(served.url).create({ bots: 3, botDelayMs: 5 });
    const abort = new AbortController();
    const playing = play(a, strategies.tsumogiri, { signal: abort.signal }).catch(() => null);
    const b = await connect(served.url).create({ bots: 1, botDelayMs: 60_000, closeEmptySeconds: 0 });
    // A seat at B reserved (HTTP matchmaking) while one is still free; its websocket comes later.
    const reservation = (await (await matchmake('joinById', b.id, { name: 'late' })).json()) as SeatReservation;
    expect(reservation.roomId).toBe(b.id);
    // Tables 2/2, seats 2/3. A new table: HTTP 503 with a JSON body, and the SDK's typed error.
    const create = await matchmake('create', 'table', { bots: 3 });
    expect(create.status).toBe(503);
    expect(create.headers.get('content-type')).toMatch(/json/);
    expect(JSON.stringify(await create.json())).toMatch(/SERVER_FULL: this server is at capacity \(2\/2 tables, 2\/3 seats\)/);
    // Refused before the matchmaker (web.ts), with the CORS headers a page on another origin needs to read it.
    const cross = await fetch(`${http()}/matchmake/create/table`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://example.test' }, body: '{"bots":3}' });
    expect(cross.status).toBe(503);
    expect(cross.headers.get('access-control-allow-origin')).toBe('https://example.test');
    expect(((await cross.json()) as { code: number; error: string })).toMatchObject({ code: 503, error: expect.stringMatching(/^SERVER_FULL: /) });
    const sdkCreate = await refused(connect(served.url).create({ bots: 3 }));
    expect(sdkCreate.code).toBe('SERVER_FULL');
    expect(sdkCreate.status).toBe(503);

    const second = await connect(served.url).join(b.id, { name: 'second' });
    // Tables 2/2, seats 3/3.

    // A new seat: refused at matchmaking (503) …
    const join = await matchmake('joinById', b.id, { playerName: 'third' });
    expect(join.status).toBe(503);
    expect(JSON.stringify(await join.json())).toContain('SERVER_FULL');
    expect((await refused(connect(served.url).join(b.id))).reason).toMatch(/at capacity/);
    // … and the seat reserved before it filled: its join is refused with the reason.
    const late = new Client(served.url);
    const lateError = await late.consumeSeatReservation(reservation).then(
      () => null,
      (e: Error & { code?: number }) => e,
    );
    expect(lateError?.message).toMatch(/^SERVER_FULL: /);
    expect(lateError?.code).toBe(503);
    // Watching takes no seat: still allowed.
    const watcher = await connect(served.url).spectate(a.id);

    // The running table plays on: the player's own actions (and the bots') keep being accepted.
    const full = a.state.actions;
    await until('table A to play on', () => a.state.actions >= full + 12, 30_000);
    expect(rooms.get(a.id)!.referee.logLength).toBeGreaterThan(full);

    const h = await health();
    expect(h.status).toBe(200);
    const body = await h.json();
    expect(body).toMatchObject({ status: 'ok', full: true, load: { tables: 2, seats: 3, maxTables: 2, maxSeats: 3, full: true, refusedTables: 3, refusedSeats: 3 } });
    const text = await (await fetch(`${http()}/metrics`)).text();
    expect(metric(text, 'jantaku_seats_claimed')).toBe(3);
    expect(metric(text, 'jantaku_server_full')).toBe(1);
    expect(metric(text, 'jantaku_server_full_refusals_total{refused="table"}')).toBe(3);
    expect(metric(text, 'jantaku_server_full_refusals_total{refused="seat"}')).toBe(3);
    expect(metric(text, 'jantaku_limit{limit="maxTables"}')).toBe(2);
    expect(metric(text, 'jantaku_limit{limit="maxSeats"}')).toBe(3);
    expect(metric(text, 'jantaku_tables{status="playing"}') + metric(text, 'jantaku_tables{status="waiting"}')).toBe(2);

    // B's players leave before its game began: it closes, and a table (and a seat) can be had again.
    await second.leave();
    await b.leave();
    type Load = { load: { tables: number; seats: number; full: boolean } };
    let load = (await (await health()).json()) as Load;
    for (let i = 0; i < 200 && load.load.tables > 1; i++) {
      await new Promise((r) => setTimeout(r, 25));
      load = (await (await health()).json()) as Load;
    }
    expect(load).toMatchObject({ full: false, load: { tables: 1, seats: 1, full: false } });
    const again: Table = await connect(served.url).create({ bots: 3, botDelayMs: 60_000 });
    expect(again.seat).toBe(0);
    expect(((await (await health()).json()) as Load).load).toMatchObject({ tables: 2, seats: 2, full: true });

    abort.abort();
    await playing;
    await Promise.all([again!.leave(), watcher.leave(), a.leave().catch(() => {})]);
  }, 60_000);
});

describe('capacity after a restart', () => {
  it('a recovered table and its seat count against the capacity without being refused; its player takes the seat back with the token and plays on while new tables get SERVER_FULL', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'jantaku-capacity-'));
    const url = `ws://127.0.0.1:${port}`;
    const before = spawnServer(port, dir, { LOG_LEVEL: 'silent' });
    try {
      await before.healthy();
      const t = await connect(url, { reconnect: false }).create({ bots: 3, botDelayMs: 60_000 });
      await until('the game to start with the seat token', () => t.state.started === true && t.token !== null && t.token !== '');
      const token = t.token!;
      before.child.kill('SIGKILL');
      await before.exited;

      // Room for one table and one seat: exactly what the restart brings back.
      const after = spawnServer(port, dir, { LOG_LEVEL: 'silent', JANTAKU_MAX_TABLES: '1', JANTAKU_MAX_SEATS: '1' });
      try {
        await after.healthy();
        const h = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
        expect(h).toMatchObject({ status: 'ok', tables: 1, full: true, load: { tables: 1, seats: 1, maxTables: 1, maxSeats: 1, full: true } });
        const create = await fetch(`http://127.0.0.1:${port}/matchmake/create/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"bots":3}' });
        expect(create.status).toBe(503);
        expect(JSON.stringify(await create.json())).toContain('SERVER_FULL');
        const back = await connect(url, { reconnect: false }).rejoin(t.id, { seat: 0, token });
        const actions = back.state.actions;
        const playing = play(back, strategies.tsumogiri).catch(() => null);
        await until('the recovered table to take its player’s action', () => back.state.actions > actions);
        await back.leave();
        await playing;
      } finally {
        after.child.kill('SIGTERM');
        await after.exited;
      }
    } finally {
      if (before.child.exitCode === null) before.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('capacity counting', () => {
  it('counts tables and seats, never refuses a recovered table or seat, and frees a closed table with its seats', () => {
    const refusals: string[] = [];
    const c = new Capacity({ maxTables: 1, maxSeats: 2 }, (w) => refusals.push(w));
    c.admitTable('t1');
    c.takeSeat('t1');
    expect(() => c.admitTable('t2')).toThrow(/SERVER_FULL/);
    c.takeSeat('t1');
    expect(() => c.takeSeat('t1')).toThrow(/SERVER_FULL/);
    c.admitTable('r', true);
    c.takeSeat('r', true);
    expect(c.load).toMatchObject({ tables: 2, seats: 3, full: true, refusedTables: 1, refusedSeats: 1 });
    c.releaseSeat('t1');
    c.closeTable('r');
    expect(c.load).toMatchObject({ tables: 1, seats: 1, full: true });
    c.closeTable('t1');
    expect(c.load).toMatchObject({ tables: 0, seats: 0, full: false });
    expect(refusals).toEqual(['table', 'seat']);
  });

  it('reads JANTAKU_MAX_TABLES and JANTAKU_MAX_SEATS (0, the default: no limit)', () => {
    expect(limitsFromEnv({})).toMatchObject({ maxTables: 0, maxSeats: 0 });
    expect(limitsFromEnv({ JANTAKU_MAX_TABLES: '100', JANTAKU_MAX_SEATS: '250' })).toMatchObject({ maxTables: 100, maxSeats: 250 });
    expect(() => limitsFromEnv({ JANTAKU_MAX_SEATS: '-1' })).toThrow('invalid JANTAKU_MAX_SEATS');
  });
});
