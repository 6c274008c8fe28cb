import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import type { TableState } from '@jantaku/shared/schema/table';
import { cleanName, cleanText, printable } from '@jantaku/shared/text';
import { watchMain } from '../../client-sdk/src/cli/watch';
import { spawnServer } from '../support/serverProcess';
import { freePort, serveDuringFile, until } from './harness';
import { TableRoom } from '../../server/src/rooms/TableRoom';

const root = fileURLToPath(new URL('../../', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Characters no client may print from another's text: controls, bidi controls, zero-width and invisible ones. */
const UNSAFE = /[\0-\x09\x0b-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\u3164]/u;
/** Bytes a terminal acts on: C0 but newline, DEL, and C1 (as UTF-8: 0xC2 0x80..0x9F). */
function terminalControls(bytes: Buffer): number[] {
  const bad: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if ((b < 0x20 && b !== 0x0a) || b === 0x7f) bad.push(i);
    if (b === 0xc2 && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9f) bad.push(i);
  }
  return bad;
}

/** Names a hostile player may choose, each with what every client must see instead. */
const HOSTILE: { raw: string; shown: string }[] = [
  { raw: 'Ann\x00\x1b]0;pwned\x07\x1b[31mRed\r\nX', shown: 'Ann ]0;pwned [31mRed X' },
  { raw: '\u202Eevil\u202C\u2066moon\u2069\u200F', shown: 'evilmoon' },
  { raw: 'zero\u200B\u200C\u200Dwidth\uFEFF\u2060', shown: 'zerowidth' },
  { raw: '  Jose\u0301\t\u2028 ', shown: 'Jos\u00e9' },
];
/** Names refused outright (nothing visible is left, or too long). */
const REFUSED = ['\u200B\u200D\u2066\u202E\uFEFF', '\x00\x1b\r\n', '\u3164\u3164', 'x'.repeat(2_000)];

describe('cleanText / cleanName (shared/src/text.ts)', () => {
  it('strips controls, bidi controls and invisible characters, normalises to NFC, collapses spaces, counts grapheme clusters', () => {
    for (const h of HOSTILE) expect(cleanText(h.raw)).toBe(h.shown);
    expect(cleanText('\u0041\u030A')).toBe('\u00C5');
    // Length is counted in clusters: 40 flags (80 code points) are 40 characters.
    expect(cleanName('\u{1F1EF}\u{1F1F5}'.repeat(40), 40)).toBe('\u{1F1EF}\u{1F1F5}'.repeat(40));
    expect(() => cleanName('a'.repeat(41), 40)).toThrow(/at most 40/);
    // A pile of combining marks keeps its first character only (a + U+0301 composed: á).
    expect(cleanText(`a${'\u0301'.repeat(500)}b`)).toBe('\u00e1b');
    for (const r of REFUSED) expect(() => cleanName(r, 40)).toThrow();
  });

  it('printable escapes every non-printable character and nothing else', () => {
    expect(printable('\x1b[2Jhi\u202Eyo\u200B')).toBe('\\u{1b}[2Jhi\\u{202e}yo\\u{200b}');
    expect(printable('東 Ann é')).toBe('東 Ann é');
  });
});

/** `npm start`'s server in a child process with its logs on (JSON lines on stdout). */
async function startChild(): Promise<{ url: string; logs: () => string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'jantaku-names-'));
  dirs.push(dir);
  const server = spawnServer(port, dir, { LOG_LEVEL: 'info' });
  children.push(server.child);
  await server.healthy();
  return { url: `ws://127.0.0.1:${port}`, logs: server.stdout };
}

/** jantaku-watch as a user runs it; its stdout as bytes. */
function watch(url: string, table: string): { child: ChildProcess; bytes: () => Buffer } {
  const child = spawn(process.execPath, ['client-sdk/bin/jantaku-watch.js', '--url', url, '--table', table], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const chunks: Buffer[] = [];
  child.stdout!.on('data', (d: Buffer) => chunks.push(d));
  return { child, bytes: () => Buffer.concat(chunks) };
}

describe('hostile names at a live server', () => {
  it('every client (SDK state, the lobby listing, jantaku-watch stdout, the log lines) shows only the cleaned names; names with nothing visible or 2,000 characters are refused with BAD_NAME (10,000 never reach the check: the body cap answers 413)', async () => {
    const server = await startChild();
    const tableName = '\u202E\x1b[2JTable\x00\u200B one';
    const first = await new Client(server.url).create<TableState>('table', { name: tableName, seat: 0, playerName: HOSTILE[0].raw });
    const id = first.roomId;
    for (const raw of REFUSED) {
      const err = await new Client(server.url).joinById<TableState>(id, { seat: 1, name: raw }).then(
        () => null,
        (e: { code?: number; message?: string }) => e,
      );
      expect(err?.code).toBe(400);
      expect(err?.message).toMatch(/^BAD_NAME: name (has no visible character|is \d+ characters long \(at most 40\))$/);
    }
    // A 10,000-character name is a body over JANTAKU_MAX_BODY_BYTES: refused before it is read.
    const oversized = await fetch(`${server.url.replace('ws', 'http')}/matchmake/joinById/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seat: 1, name: 'x'.repeat(10_000) }),
    });
    expect(oversized.status).toBe(413);
    const refusedTable = await fetch(`${server.url.replace('ws', 'http')}/matchmake/create/table`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '\u200B\u202E' }),
    });
    expect(refusedTable.status).toBe(400);
    expect(((await refusedTable.json()) as { error: string }).error).toBe('invalid table option name: has no visible character');

    const seated = [first];
    for (const seat of [1, 2, 3]) seated.push(await new Client(server.url).joinById<TableState>(id, { seat, name: HOSTILE[seat].raw }));
    for (const r of seated) r.onMessage('*', () => {});
    const shown = HOSTILE.map((h) => h.shown);
    for (const r of seated) await until('every name', () => r.state.seats?.length === 4 && [0, 1, 2, 3].every((s) => r.state.seats[s].name === shown[s]));

    const listing = (await (await fetch(`${server.url.replace('ws', 'http')}/api/tables`)).json()) as { tables: { id: string; name: string; seats: { name: string }[] }[] };
    const mine = listing.tables.find((t) => t.id === id)!;
    expect(mine.name).toBe('[2JTable one'); // ESC gone: the rest is plain text
    expect(mine.seats.map((s) => s.name)).toEqual(shown);

    const w = watch(server.url, id);
    await until('jantaku-watch to print the board', () => shown.every((n) => w.bytes().toString('utf8').includes(n)), 30_000);
    w.child.kill('SIGTERM');
    const out = w.bytes();
    expect(terminalControls(out)).toEqual([]);
    expect(out.toString('utf8')).not.toMatch(UNSAFE);

    const lines = server
      .logs()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { event?: string; table?: string; role?: string; name?: string });
    const joined = lines.filter((l) => l.event === 'playerJoined' && l.table === id && l.role === 'player');
    expect(joined.map((l) => l.name)).toEqual(shown);
    for (const l of lines) for (const v of Object.values(l)) if (typeof v === 'string') expect(v).not.toMatch(UNSAFE);
    for (const r of seated) await r.leave();
  }, 90_000);
});

/** A server that does not clean names (an older or a hostile one): it renames seat 0 once the game begins. */
class RawNameRoom extends TableRoom {
  override onJoin(client: Parameters<TableRoom['onJoin']>[0], options?: Parameters<TableRoom['onJoin']>[1]): void {
    super.onJoin(client, options);
    this.state.seats[0].name = '\x1b]0;title\x07\x1b[8mhidden\u202Eevil\r\n';
  }
}

describe('jantaku-watch against a server sending raw text', () => {
  const served = serveDuringFile(RawNameRoom);
  it('escapes every control, bidi and invisible character of a name before printing it', async () => {
    const bots = await new Client(served.url).create<TableState>('table', { bots: 4, botDelayMs: 50, handPauseMs: 0, seed: 'raw-names', spectator: true });
    const out: string[] = [];
    const done = watchMain(['--url', served.url, '--table', bots.roomId], (t) => out.push(t));
    await until('the raw name printed escaped', () => out.join('').includes('\\u{1b}]0;title\\u{7}\\u{1b}[8mhidden\\u{202e}evil'), 30_000);
    const bytes = Buffer.from(out.join(''), 'utf8');
    expect(terminalControls(bytes)).toEqual([]);
    expect(out.join('')).not.toMatch(UNSAFE);
    await bots.leave();
    void done;
  }, 60_000);
});
