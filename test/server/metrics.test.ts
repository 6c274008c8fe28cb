import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@colyseus/core';
import type { Client } from '@colyseus/sdk';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { playGame } from '@jantaku/shared/bots/selfPlay';
import type { FaultRecord } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import type { TableState } from '@jantaku/shared/schema/table';
import { createLogger, logLevel, tableEvents } from '../../server/src/log';
import { Metrics, snapshotOf, type TableSnapshot } from '../../server/src/metrics';
import { startServer } from './harness';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus text format 0.0.4; throws on any line that is not a comment or a sample. */
function parseProm(text: string): { types: Map<string, string>; help: Set<string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const help = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let m = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (m) {
      types.set(m[1], m[2]);
      continue;
    }
    m = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) /.exec(line);
    if (m) {
      help.add(m[1]);
      continue;
    }
    m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    // As Prometheus reads values (Go's ParseFloat): NaN and Inf in any case (prom-client writes "Nan").
    const v = m[3].toLowerCase();
    const value = v === 'nan' ? NaN : v === '+inf' || v === 'inf' ? Infinity : v === '-inf' ? -Infinity : Number(m[3]);
    if (Number.isNaN(value) && v !== 'nan') throw new Error(`bad value: ${line}`);
    samples.push({ name: m[1], labels, value });
  }
  return { types, help, samples };
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((n, s) => n + s.value, 0);

describe('Metrics', () => {
  it('counts commands, faults, finished games and action times in its own registry', async () => {
    let tables: TableSnapshot[] = [
      { status: 'playing', players: 3, spectators: 2 },
      { status: 'waiting', players: 1, spectators: 0 },
    ];
    let reads = 0;
    const m = new Metrics({ tables: () => (reads++, tables), defaultMetrics: false });
    // A second instance in the same process: no "already registered" clash.
    const other = new Metrics({ tables: () => [], defaultMetrics: false });
    let { samples, types } = parseProm(await m.text());
    expect(value(samples, 'jantaku_commands_total', { result: 'accepted' })).toBe(0);
    expect(samples.filter((s) => s.name === 'jantaku_commands_total').map((s) => s.labels.result).sort()).toEqual(['accepted', 'fault', 'refused']);

    for (let i = 0; i < 5; i++) m.command('accepted');
    m.command('fault');
    m.command('refused');
    m.command('refused');
    m.fault('WRC-F-WRONG-CALL');
    m.fault('WRC-F-WRONG-CALL');
    m.fault('RUS-DEAD-G');
    m.gameFinished();
    m.actionTime(0.002);
    m.actionTime(0.3);
    m.actionTime(0.0001);

    ({ samples, types } = parseProm(await m.text()));
    expect(types.get('jantaku_commands_total')).toBe('counter');
    expect(types.get('jantaku_faults_total')).toBe('counter');
    expect(types.get('jantaku_games_finished_total')).toBe('counter');
    expect(types.get('jantaku_action_seconds')).toBe('histogram');
    expect(types.get('jantaku_tables')).toBe('gauge');
    expect(value(samples, 'jantaku_commands_total', { result: 'accepted' })).toBe(5);
    expect(value(samples, 'jantaku_commands_total', { result: 'fault' })).toBe(1);
    expect(value(samples, 'jantaku_commands_total', { result: 'refused' })).toBe(2);
    expect(value(samples, 'jantaku_faults_total', { rule: 'WRC-F-WRONG-CALL' })).toBe(2);
    expect(value(samples, 'jantaku_faults_total', { rule: 'RUS-DEAD-G' })).toBe(1);
    expect(value(samples, 'jantaku_games_finished_total')).toBe(1);
    expect(value(samples, 'jantaku_action_seconds_count')).toBe(3);
    expect(value(samples, 'jantaku_action_seconds_bucket', { le: '0.0025' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'jantaku_action_seconds_bucket', { le: '0.25' })).toBe(2);
    expect(value(samples, 'jantaku_action_seconds_bucket', { le: '+Inf' })).toBe(3);
    // Gauges are read at scrape time.
    expect(value(samples, 'jantaku_tables', { status: 'playing' })).toBe(1);
    expect(value(samples, 'jantaku_tables', { status: 'waiting' })).toBe(1);
    expect(value(samples, 'jantaku_tables', { status: 'finished' })).toBe(0);
    expect(value(samples, 'jantaku_players')).toBe(4);
    expect(value(samples, 'jantaku_spectators')).toBe(2);
    // One read of the tables per scrape, shared by the three gauges.
    reads = 0;
    tables = [];
    ({ samples } = parseProm(await m.text()));
    expect(reads).toBe(1);
    expect(value(samples, 'jantaku_tables')).toBe(0);
    expect(value(samples, 'jantaku_players')).toBe(0);

    // The other server's registry saw none of it.
    const o = parseProm(await other.text()).samples;
    expect(value(o, 'jantaku_commands_total')).toBe(0);
    expect(value(o, 'jantaku_faults_total')).toBe(0);
    expect(m.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts every command and action time between two scrapes, however many (kept as numbers until a scrape)', async () => {
    const m = new Metrics({ tables: () => [], defaultMetrics: false });
    // More times than the buffer holds between scrapes: the full buffer is added to the histogram, none lost.
    for (let i = 0; i < 10_000; i++) m.actionTime(i % 2 === 0 ? 0.0001 : 0.2);
    for (let i = 0; i < 10_000; i++) m.command('accepted');
    let { samples } = parseProm(await m.text());
    expect(value(samples, 'jantaku_action_seconds_count')).toBe(10_000);
    expect(value(samples, 'jantaku_action_seconds_bucket', { le: '0.0005' })).toBe(5_000);
    expect(value(samples, 'jantaku_action_seconds_sum')).toBeCloseTo(5_000 * 0.2 + 5_000 * 0.0001, 6);
    expect(value(samples, 'jantaku_commands_total', { result: 'accepted' })).toBe(10_000);
    // A second scrape adds only what came since.
    m.actionTime(0.01);
    m.command('accepted');
    ({ samples } = parseProm(await m.text()));
    expect(value(samples, 'jantaku_action_seconds_count')).toBe(10_001);
    expect(value(samples, 'jantaku_commands_total', { result: 'accepted' })).toBe(10_001);
  });

  it('reads a table from its public state: status, connected seats, other clients', () => {
    const seats = [{ connected: true }, { connected: false }, { connected: true }, { connected: false }];
    const clients = { length: 5 } as never;
    expect(snapshotOf({ clients, state: { started: false, phase: 'draw', seats } })).toEqual({ status: 'waiting', players: 2, spectators: 3 });
    expect(snapshotOf({ clients, state: { started: true, phase: 'turn', seats } })).toEqual({ status: 'playing', players: 2, spectators: 3 });
    expect(snapshotOf({ clients, state: { started: true, phase: 'gameOver', seats } })).toEqual({ status: 'finished', players: 2, spectators: 3 });
  });
});

/** Every key of a JSON value, at any depth. */
function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, out));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysOf(x, out);
    }
  return out;
}

describe('structured logs', () => {
  it('the level: LOG_LEVEL, else silent under tests, else info', () => {
    expect(logLevel({})).toBe('info');
    expect(logLevel({ NODE_ENV: 'test' })).toBe('silent');
    expect(logLevel({ VITEST: 'true' })).toBe('silent');
    expect(logLevel({ VITEST: 'true', LOG_LEVEL: 'debug' })).toBe('debug');
    expect(logLevel({ LOG_LEVEL: 'warn' })).toBe('warn');
  });

  it('one JSON line per table event, with public facts only: no tiles, hands or walls', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (s: string) => void lines.push(s) }, 'info');
    const ev = tableEvents(log);
    // A real game: its hand results carry winning tiles, concealed hands, melds and ura indicators.
    const game = playGame(makeRuleset('tenhou'), 'log-leak-check', [efficiencyBot, efficiencyBot, efficiencyBot, efficiencyBot]);
    expect(game.phase).toBe('gameOver');
    const results = game.hands.map((h) => h.result).filter((r) => r !== null);
    expect(results.some((r) => r.wins.length > 0)).toBe(true);

    ev.tableCreated('T1', { ruleset: 'tenhou', foulPolicy: 'penalise', bots: [2, 3], private: true });
    ev.playerJoined('T1', 0);
    ev.playerJoined('T1', 'spectator');
    ev.playerJoined('T1', 'commentator');
    const faults: FaultRecord[] = [
      { seat: 1, rule: 'WSOM-CALL-WRONG', penalty: { kind: 'penaltyTiles', tiles: 'wronglyExposed' }, reason: 'a wrong call', hand: 0 },
      { seat: 2, rule: 'WRC-F-LATE-1-10', penalty: { kind: 'points', points: 5 }, reason: 'late', hand: 1 },
      { seat: 3, rule: 'RUS-DEAD-G', penalty: { kind: 'deadHand' }, reason: 'riichi withdrawn', hand: 2 },
    ];
    for (const f of faults) ev.fault('T1', f);
    results.forEach((r, i) => ev.handEnded('T1', { ...r, number: i + 1, scores: game.scores }));
    // Whatever else a caller hands over is dropped.
    ev.handEnded('T1', { ...results[0], tiles: [1, 2, 3], hand: [4, 5, 6], tile: 7 } as never);
    ev.gameEnded('T1', game.standings!);
    ev.tableRecovered('T1', 321);
    ev.playerLeft('T1', 0, 'consented');
    ev.storeFailed('T1', new Error('SQLITE_FULL: database or disk is full'));

    const entries = lines.map((l) => {
      expect(l.endsWith('\n')).toBe(true);
      expect(l.trim()).not.toContain('\n');
      return JSON.parse(l) as Record<string, unknown>;
    });
    expect(entries).toHaveLength(4 + faults.length + results.length + 1 + 4);
    const keys = keysOf(entries);
    for (const bad of ['tiles', 'tile', 'hand', 'haipai', 'concealed', 'winTile', 'melds', 'uraIndicators', 'doraIndicators', 'wall', 'seed', 'drawn', 'discards', 'revealed'])
      expect(keys.has(bad), `key "${bad}" in the logs`).toBe(false);

    const byEvent = (name: string) => entries.filter((e) => e.event === name);
    for (const e of entries) {
      expect(e.table).toBe('T1');
      expect(e.service).toBe('jantaku');
      expect(typeof e.time).toBe('string');
      expect(typeof e.msg).toBe('string');
    }
    expect(byEvent('tableCreated')[0]).toMatchObject({ ruleset: 'tenhou', foulPolicy: 'penalise', bots: [2, 3], private: true });
    expect(byEvent('playerJoined').map((e) => [e.role, e.seat])).toEqual([['player', 0], ['spectator', undefined], ['commentator', undefined]]);
    expect(byEvent('fault')[0]).toMatchObject({ seat: 1, rule: 'WSOM-CALL-WRONG', penalty: 'penaltyTiles', penaltyTileCount: 'wronglyExposed', reason: 'a wrong call' });
    expect(byEvent('fault')[1]).toMatchObject({ seat: 2, penalty: 'points', penaltyPoints: 5 });
    const hands = byEvent('handEnded');
    expect(hands).toHaveLength(results.length + 1);
    const won = hands.find((h) => (h.wins as unknown[]).length > 0)! as { wins: { winner: number; han: number; fu: number; yaku: string[] }[]; deltas: number[] };
    expect(won.wins[0].han).toBeGreaterThan(0);
    expect(won.wins[0].yaku.length).toBeGreaterThan(0);
    expect(won.deltas.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(0);
    expect(hands[0].number).toBe(1);
    expect(byEvent('gameEnded')[0].standings).toEqual(game.standings!.map((s) => ({ seat: s.seat, rank: s.rank, points: s.points, penalty: s.penalty, final: s.final })));
    expect(byEvent('tableRecovered')[0].commands).toBe(321);
    expect(byEvent('playerLeft')[0]).toMatchObject({ role: 'player', seat: 0, reason: 'consented' });
    const failed = byEvent('storeFailed')[0] as { level: number; err: { message: string } };
    expect(failed.level).toBe(50);
    expect(failed.err.message).toContain('SQLITE_FULL');
  });

  it('a silent logger writes nothing', () => {
    const lines: string[] = [];
    tableEvents(createLogger({ write: (s: string) => void lines.push(s) }, 'silent')).tableRecovered('T', 1);
    expect(lines).toEqual([]);
  });
});

describe('GET /metrics on a live server', () => {
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

  const scrape = async () => {
    const res = await fetch(`${http}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseProm(await res.text());
  };

  it('serves Prometheus text: the live table, its spectator, event-loop lag, CPU and memory', async () => {
    const room = await connect().create<TableState>('table', { bots: 4, botDelayMs: 0, handPauseMs: 0, spectator: true, seed: 'metrics-1' });
    room.onMessage('*', () => {}); // the table's event messages: not under test here
    // Four bots play at once; wait for a few dozen actions.
    await new Promise<void>((resolve, reject) => {
      room.onStateChange((s) => {
        if (s.actions >= 30) resolve();
      });
      room.onLeave((code) => reject(new Error(`left with code ${code}`)));
    });
    const { types, help, samples } = await scrape();
    for (const [name, type] of [
      ['jantaku_tables', 'gauge'],
      ['jantaku_players', 'gauge'],
      ['jantaku_spectators', 'gauge'],
      ['jantaku_commands_total', 'counter'],
      ['jantaku_faults_total', 'counter'],
      ['jantaku_games_finished_total', 'counter'],
      ['jantaku_action_seconds', 'histogram'],
      ['jantaku_store_commits_total', 'counter'],
      ['jantaku_store_commit_tables_total', 'counter'],
      ['jantaku_store_commit_seconds_total', 'counter'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
      ['process_cpu_seconds_total', 'counter'],
      ['process_resident_memory_bytes', 'gauge'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
    ]) {
      expect(types.get(name), name).toBe(type);
      expect(help.has(name), name).toBe(true);
    }
    expect(value(samples, 'jantaku_tables')).toBeGreaterThanOrEqual(1);
    // The table started at once (four bots) and may already be over.
    expect(value(samples, 'jantaku_tables', { status: 'playing' }) + value(samples, 'jantaku_tables', { status: 'finished' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'jantaku_spectators')).toBe(1);
    expect(value(samples, 'jantaku_players')).toBe(0);
    // Every action was recorded through a group commit: one table here, so one table's write in each.
    expect(value(samples, 'jantaku_store_commits_total')).toBeGreaterThanOrEqual(30);
    expect(value(samples, 'jantaku_store_commit_tables_total')).toBe(value(samples, 'jantaku_store_commits_total'));
    // Their time: some, and less than the CPU the whole process has used.
    expect(value(samples, 'jantaku_store_commit_seconds_total')).toBeGreaterThan(0);
    expect(value(samples, 'jantaku_store_commit_seconds_total')).toBeLessThan(value(samples, 'process_cpu_seconds_total'));
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds' && Number.isFinite(s.value) && s.value >= 0)).toBe(true);
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    // A finished table shows as such; once its spectator leaves, it is disposed and the gauges follow.
    await new Promise<void>((resolve) => {
      const check = () => room.state.phase === 'gameOver' && resolve();
      room.onStateChange(check);
      check();
    });
    const over = await scrape();
    expect(value(over.samples, 'jantaku_tables', { status: 'finished' })).toBeGreaterThanOrEqual(1);
    await room.leave();
    let after = await scrape();
    for (let i = 0; i < 200 && value(after.samples, 'jantaku_tables') > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await scrape();
    }
    expect(value(after.samples, 'jantaku_tables')).toBe(0);
    expect(value(after.samples, 'jantaku_spectators')).toBe(0);
  });
});
