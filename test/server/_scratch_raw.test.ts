import { it, expect } from 'vitest';
import { startServer, rooms, until } from './harness';
import type { TableState } from '@jantaku/shared/schema/table';
import { rng } from '../support/rng';

it('raw', async () => {
  const { server, client } = await startServer();
  const r = await client().create<TableState>('table', { seed: 'x', bots: 3, botDelayMs: 60000 });
  await until('start', () => rooms.get(r.roomId)!.state.started);
  const ws = (r.connection.transport as unknown as { ws: { send(b: Uint8Array): void; readyState: number } }).ws;
  const frames: [string, Uint8Array][] = [
    ['data only code', Uint8Array.from([13])],
    ['request only code', Uint8Array.from([21])],
    ['bytes only code', Uint8Array.from([17])],
    ['data bad msgpack', Uint8Array.from([13, 0xa6, 0x61, 0x63, 0x74, 0x69, 0x6f, 0x6e, 0xc1])],
    ['request bad msgpack', Uint8Array.from([21, 5, 0xa6, 0x61, 0x63, 0x74, 0x69, 0x6f, 0x6e, 0xc1])],
    ['unknown code', Uint8Array.from([31, 1, 2, 3])],
    ['empty', new Uint8Array(0)],
  ];
  let left = false;
  r.onLeave((c) => { left = true; console.log('left', c); });
  r.onMessage('*', (t, p) => console.log('msg', t, JSON.stringify(p)));
  for (const [name, f] of frames) {
    ws.send(f);
    await new Promise((res) => setTimeout(res, 200));
    console.log(name, 'open', ws.readyState, 'left', left);
  }
  const g = rng(1);
  for (let i = 0; i < 300; i++) {
    const n = 1 + Math.floor(g() * 40);
    const b = new Uint8Array(n); for (let j = 0; j < n; j++) b[j] = Math.floor(g() * 256);
    if (ws.readyState === 1) ws.send(b);
  }
  await new Promise((res) => setTimeout(res, 500));
  console.log('after random', ws.readyState, left);
  const h = await fetch(r.connection.url!.replace('ws', 'http').replace(/\/[^/]*$/, '') );
  console.log(h.status);
  await server.gracefullyShutdown(false);
  expect(1).toBe(1);
});
