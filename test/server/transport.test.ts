import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { PING_SLICE_MS, SpreadPingTransport } from '../../server/src/transport';

let server: Server | null = null;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

/** A transport on a real HTTP server pinging every `pingInterval` ms, and `n` websocket clients connected to it. */
async function connect(n: number, pingInterval: number, opts: { autoPong?: boolean } = {}): Promise<{ pings: number[][]; closed: (number | null)[] }> {
  server = createServer();
  new SpreadPingTransport({ server, pingInterval, pingMaxRetries: 2 });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const pings: number[][] = [];
  const closed: (number | null)[] = [];
  await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { autoPong: opts.autoPong ?? true });
      sockets.push(ws);
      pings[i] = [];
      closed[i] = null;
      ws.on('ping', () => pings[i].push(performance.now()));
      ws.on('close', (code) => (closed[i] = code));
      return new Promise((r) => ws.once('open', r));
    }),
  );
  return { pings, closed };
}

describe('the heartbeat, spread out (issue 18): each client is pinged once an interval, a share of them every PING_SLICE_MS', () => {
  it('pings every client within its interval, not all in one burst', async () => {
    const { pings } = await connect(60, 3 * PING_SLICE_MS);
    await new Promise((r) => setTimeout(r, 4 * PING_SLICE_MS + 50));
    // Everyone was pinged within the first interval (and a tick)…
    expect(pings.every((p) => p.length >= 1)).toBe(true);
    // …in three shares a tick apart, where Colyseus would ping all 60 in one callback.
    const first = pings.map((p) => p[0]).sort((a, b) => a - b);
    expect(first.at(-1)! - first[0]).toBeGreaterThanOrEqual(1.5 * PING_SLICE_MS);
    const groups = new Set(first.map((t) => Math.round((t - first[0]) / PING_SLICE_MS)));
    expect(groups.size).toBeGreaterThanOrEqual(3);
  });

  it('closes a client that does not answer pingMaxRetries pings (an abnormal close, 1006), and keeps those that answer', async () => {
    const { closed } = await connect(1, 2 * PING_SLICE_MS, { autoPong: false });
    const answering = await (async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${(server!.address() as AddressInfo).port}/`);
      sockets.push(ws);
      let code: number | null = null;
      ws.on('close', (c) => (code = c));
      await new Promise((r) => ws.once('open', r));
      return () => code;
    })();
    // Two pings unanswered, then the third visit closes it: well within the transport's own 1 s close of a client without a room.
    const end = Date.now() + 900;
    while (closed[0] === null && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(closed[0]).toBe(1006);
    expect(answering()).toBeNull();
  });
});
