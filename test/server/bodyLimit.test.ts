import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES } from '../../server/src/limits';
import { serveDuringFile } from './harness';

const served = serveDuringFile();
const http = () => served.url.replace('ws://', 'http://');

/** POSTs `bytes` bytes of JSON-ish body to the matchmaker; the status, or 'closed' if the server hung up first. */
async function post(path: string, bytes: number): Promise<number | 'closed'> {
  try {
    const res = await fetch(http() + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '"' + 'x'.repeat(Math.max(0, bytes - 2)) + '"' });
    await res.text();
    return res.status;
  } catch {
    return 'closed';
  }
}

describe('HTTP body cap (issue 14)', () => {
  it('bodies over the cap get 413 unread, the server stays healthy', async () => {
    const rssBefore = process.memoryUsage().rss;
    const sizes = [DEFAULT_MAX_BODY_BYTES + 1, 600 * 1024, 8 * 1024 * 1024, 32 * 1024 * 1024];
    const statuses = await Promise.all(sizes.map((n) => post('/matchmake/create/table', n)));
    // 413 as answered; a large upload may see the connection closed before reading the answer.
    for (const s of statuses) expect([413, 'closed']).toContain(s);
    expect(statuses[0]).toBe(413);
    expect(statuses[1]).toBe(413);
    const grew = process.memoryUsage().rss - rssBefore;
    console.log(`body cap: statuses ${statuses.join(', ')}; process RSS (client strings included, so not a server measure) grew ${(grew / 1e6).toFixed(1)} MB for ${(sizes.reduce((a, b) => a + b) / 1e6).toFixed(1)} MB posted`);
    const health = await fetch(http() + '/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    // A body under the cap still reaches the matchmaker (a table is made).
    const ok = await fetch(http() + '/matchmake/create/table', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bots: 4, spectator: true }) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ roomId: expect.any(String) });
  });

  it('a chunked body (no content-length) is refused with 411', async () => {
    const stream = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('{}')); c.close(); } });
    const res = await fetch(http() + '/matchmake/create/table', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(411);
  });
});
