import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { Referee, type RefereeLogEntry } from '@jantaku/shared/referee/referee';
import type { ClockInput } from '@jantaku/shared/referee/time';
import { GameStore, MIGRATIONS, StoreError, SCHEMA_VERSION, recoverGames, type StoredSeat } from '../../server/src/store/index';
import { Games } from '../../server/src/store/games';
import { logger } from '../../server/src/log';
import { botPlay, botStep, rng, snapshot } from './fixtures/botPlay';

const SEATS: StoredSeat[] = [0, 1, 2, 3].map((i) => ({ kind: 'bot', bot: 'efficiency', name: `bot${i}` }));
let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jantaku-store-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Plays `steps` bot steps (or to the end) on a referee, appending every accepted entry. */
function playStored(store: GameStore, id: string, ref: Referee, steps: number, opts: Parameters<typeof botStep>[1] = {}): void {
  for (let i = 0; i < steps; i++) {
    const entries = botStep(ref, opts);
    if (!entries) return;
    for (const e of entries) expect(store.append(id, e)).toBe(ref.log.indexOf(e));
  }
}

describe('GameStore: the file', () => {
  it('creates its directory, uses WAL, records its schema version and refuses a newer one', () => {
    const path = file('nested/deeper/jantaku.sqlite');
    const store = new GameStore({ path });
    expect(store.schemaVersion).toBe(SCHEMA_VERSION);
    expect(store.synchronous).toBe('NORMAL');
    store.close();
    const raw = new Database(path);
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.prepare('SELECT version, name FROM schema_migrations').all()).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    // Reopening applies nothing twice.
    new GameStore({ path }).close();
    expect(raw.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: MIGRATIONS.length });
    raw.prepare('INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)').run(SCHEMA_VERSION + 1, 'from the future', 0);
    raw.close();
    expect(() => new GameStore({ path })).toThrow(/newer than this server/);
  });

  it('stores the full validated ruleset, seats and options; appends in order; finishes once', () => {
    const store = new GameStore({ path: file('crud.sqlite') });
    const rules = makeRuleset('wrc2015', { startPoints: 25000 });
    const g = store.createGame({ id: 'g1', rules, seed: 's1', seats: SEATS, options: { listed: true } });
    expect(g).toMatchObject({ id: 'g1', seed: 's1', status: 'open', commands: 0, result: null, seats: SEATS, options: { listed: true } });
    expect(g.rules).toEqual(rules);
    expect(g.rules.startPoints).toBe(25000);
    expect(() => store.createGame({ id: 'g1', rules, seed: 's1', seats: SEATS })).toThrow(StoreError);
    expect(() => store.createGame({ rules: { ...rules, startPoints: -5 } as never, seed: 's', seats: SEATS })).toThrow(/startPoints/);
    expect(() => store.createGame({ rules, seed: 's', seats: SEATS.slice(0, 3) })).toThrow(/four seats/);
    const e: RefereeLogEntry = { seat: 0, command: { type: 'draw' } };
    expect([store.append('g1', e), store.append('g1', { seat: -1, command: { type: 'nextHand' } })]).toEqual([0, 1]);
    expect(store.commands('g1')).toEqual([e, { seat: -1, command: { type: 'nextHand' } }]);
    expect(() => store.append('nope', e)).toThrow(/no game nope/);
    const other = store.createGame({ rules, seed: 's2', seats: SEATS, created: g.created + 1 });
    store.finish('g1', { standings: [1, 2, 3, 4] });
    expect(() => store.append('g1', e)).toThrow(/finished/);
    expect(() => store.finish('g1', {})).toThrow(/already finished/);
    expect(store.getGame('g1')).toMatchObject({ status: 'finished', result: { standings: [1, 2, 3, 4] }, commands: 2 });
    expect(store.listGames({ status: 'open' }).map((x) => x.id)).toEqual([other.id]);
    expect(store.listGames({ status: 'finished' }).map((x) => x.id)).toEqual(['g1']);
    expect(store.listGames().map((x) => x.id)).toEqual(['g1', other.id]);
    expect(store.getGame('missing')).toBeNull();
    store.close();
  });

  it('seqs follow the file: a rolled-back transaction leaves no gap, a reopened store continues after the last stored entry', () => {
    const path = file('seqs.sqlite');
    const store = new GameStore({ path });
    store.createGame({ id: 'g', rules: makeRuleset('tenhou'), seed: 's', seats: SEATS });
    const e = (tile: number): RefereeLogEntry => ({ seat: 0, command: { type: 'discard', tile } });
    expect(store.append('g', e(1))).toBe(0);
    expect(() =>
      store.transaction(() => {
        expect([store.append('g', e(2)), store.append('g', e(3))]).toEqual([1, 2]);
        throw new Error('the room failed before the commit');
      }),
    ).toThrow(/before the commit/);
    expect(store.transaction(() => [store.append('g', e(4)), store.append('g', e(5))])).toEqual([1, 2]);
    store.close();
    const again = new GameStore({ path });
    expect(again.append('g', e(6))).toBe(3);
    expect(again.commands('g')).toEqual([e(1), e(4), e(5), e(6)]);
    again.close();
  });
});

describe('GameStore: clock inputs and discarded games', () => {
  it('keeps a game\'s clock inputs in order across a reopen; discarding an open game deletes it whole, a finished one stays', () => {
    const path = file('clock.sqlite');
    const store = new GameStore({ path });
    const rules = makeRuleset('tenhou');
    store.createGame({ id: 'timed', rules, seed: 's', seats: SEATS });
    const inputs = [
      { type: 'handStarted', at: 0 },
      { type: 'turnStarted', seat: 0, at: 0, kind: 'turn' },
      { type: 'acted', seat: 0, at: 1200 },
    ] as const;
    store.appendClockInputs('timed', 0, inputs.slice(0, 2));
    store.appendClockInputs('timed', 2, inputs.slice(2));
    store.appendClockInputs('timed', 3, []);
    // A seq given twice is an error, not a silent overwrite.
    expect(() => store.appendClockInputs('timed', 1, inputs.slice(2))).toThrow();
    // So is a gap.
    expect(() => store.appendClockInputs('timed', 4, inputs.slice(2))).toThrow(/go on at 3, not 4/);
    store.close();
    // A run of inputs is one row (the first two here), a single one a row of its own.
    const raw = new Database(path, { readonly: true });
    expect(raw.prepare(`SELECT seq, input FROM clock_inputs WHERE game_id = 'timed' ORDER BY seq`).all()).toEqual([
      { seq: 0, input: JSON.stringify(inputs.slice(0, 2)) },
      { seq: 2, input: JSON.stringify(inputs[2]) },
    ]);
    raw.close();
    let again = new GameStore({ path });
    expect(again.clockInputs('timed')).toEqual(inputs);
    // Reopened, the store knows where they go on from the file.
    expect(() => again.appendClockInputs('timed', 2, inputs.slice(2))).toThrow(/go on at 3, not 2/);
    again.appendClockInputs('timed', 3, [{ type: 'windowClosed', at: 1300 }]);
    expect(again.clockInputs('timed')).toEqual([...inputs, { type: 'windowClosed', at: 1300 }]);
    // Inputs that come with a command are written in its row, and read back in their place among the others.
    const withCommand: ClockInput[] = [
      { type: 'acted', seat: 1, at: 2000 },
      { type: 'turnStarted', seat: 2, at: 2000, kind: 'turn' },
    ];
    expect(() => again.append('timed', { seat: 1, command: { type: 'pass' } }, 2000, { from: 5, inputs: withCommand })).toThrow(/go on at 4, not 5/);
    again.append('timed', { seat: 1, command: { type: 'pass' } }, 2000, { from: 4, inputs: withCommand });
    again.appendClockInputs('timed', 6, [{ type: 'handEnded', at: 2500 }]);
    const all = [...inputs, { type: 'windowClosed', at: 1300 }, ...withCommand, { type: 'handEnded', at: 2500 }];
    expect(again.clockInputs('timed')).toEqual(all);
    expect(again.commands('timed')).toEqual([{ seat: 1, command: { type: 'pass' } }]);
    again.close();
    const third = new GameStore({ path });
    expect(third.clockInputs('timed')).toEqual(all);
    // After a command's inputs too, the store reads where they go on from the file.
    expect(() => third.appendClockInputs('timed', 6, [{ type: 'expire', at: 3000 }])).toThrow(/go on at 7, not 6/);
    third.close();
    again = new GameStore({ path });
    again.append('timed', { seat: 0, command: { type: 'draw' } });
    expect(again.commands('timed')).toHaveLength(2);
    again.claimSeat('timed', { seat: 0, tokenHash: 'h', name: 'a' });
    again.createGame({ id: 'done', rules, seed: 's', seats: SEATS });
    again.finish('done', {});
    again.discardGame('timed');
    again.discardGame('done');
    expect(again.getGame('timed')).toBeNull();
    expect(again.commands('timed')).toEqual([]);
    expect(again.clockInputs('timed')).toEqual([]);
    expect(again.seatClaims('timed')).toEqual([]);
    expect(again.getGame('done')).toMatchObject({ status: 'finished' });
    again.close();
  });
});

describe('an account\'s games', () => {
  it('come newest first with their creation times from one statement; the history then reads each record once', async () => {
    const statements: string[] = [];
    const store = new GameStore({ path: ':memory:', trace: (sql) => statements.push(sql) });
    const games = new Games(store, null, logger);
    const rules = makeRuleset('tenhou');
    // Made out of order; the account sits at a different seat in each, another account in one.
    for (const [id, created, seat] of [['old', 1000, 0], ['new', 3000, 2], ['mid', 2000, 3]] as const) {
      store.createGame({ id, rules, seed: id, seats: SEATS, created });
      store.claimSeat(id, { seat, tokenHash: `hash-${id}`, name: 'Kept', account: 'acc-kept' });
    }
    store.claimSeat('mid', { seat: 1, tokenHash: 'hash-other', name: 'Other', account: 'acc-other' });
    const readsOf = (id: string) => statements.filter((sql) => sql.includes(`FROM games g WHERE g.id = '${id}'`)).length;
    statements.length = 0;
    const seats = await games.ofAccount('acc-kept');
    expect(seats).toEqual([
      { gameId: 'new', seat: 2, created: 3000 },
      { gameId: 'mid', seat: 3, created: 2000 },
      { gameId: 'old', seat: 0, created: 1000 },
    ]);
    expect(statements).toHaveLength(1);
    for (const s of seats) expect((await games.find(s.gameId))?.record.created).toBe(s.created);
    expect(['new', 'mid', 'old'].map(readsOf)).toEqual([1, 1, 1]);
    store.close();
  });
});

describe('recovery', () => {
  it('a bot game stored, the store closed and reopened: recovery rebuilds the same state, and the game ends as it would have', () => {
    const path = file('recover.sqlite');
    const rules = makeRuleset('tenhou');
    let store = new GameStore({ path });
    // A finished game (not recovered) and an unfinished one, stopped mid-game.
    store.createGame({ id: 'done', rules, seed: 'done', seats: SEATS });
    const done = new Referee({ rules, seed: 'done' });
    playStored(store, 'done', done, Infinity);
    expect(done.game.phase).toBe('gameOver');
    store.finish('done', { standings: done.game.standings });
    store.createGame({ id: 'live', rules, seed: 'live', seats: SEATS });
    const live = new Referee({ rules, seed: 'live' });
    playStored(store, 'live', live, 700);
    expect(live.game.hands.length).toBeGreaterThan(1);
    store.close();

    store = new GameStore({ path });
    const { games, failures } = recoverGames(store);
    expect(failures).toEqual([]);
    expect([...games.keys()]).toEqual(['live']);
    const back = games.get('live')!;
    expect(snapshot(back)).toEqual(snapshot(live));
    expect(snapshot(Referee.replay({ rules, seed: 'live' }, store.commands('live')))).toEqual(snapshot(live));
    // Both go on to the same end; the recovered one keeps appending where it stopped.
    playStored(store, 'live', back, Infinity);
    botPlay(live);
    expect(back.game.phase).toBe('gameOver');
    expect(back.game.standings).toEqual(live.game.standings);
    expect(store.commands('live')).toEqual(live.log);
    store.close();
  });

  it('wrc2015 with false rons (chombo and dead hands): the faults, penalties and scores come back the same', () => {
    const path = file('faults.sqlite');
    const rules = makeRuleset('wrc2015');
    let store = new GameStore({ path });
    store.createGame({ id: 'faulty', rules, seed: 'faulty', seats: SEATS });
    const ref = new Referee({ rules, seed: 'faulty' });
    playStored(store, 'faulty', ref, 1200, { falseRonRate: 0.01, random: rng(7) });
    expect(ref.game.phase).not.toBe('gameOver');
    const rulesHit = new Set(ref.faults.map((f) => f.rule));
    expect(rulesHit).toContain('WRC-F-FALSE-WIN-REVEALED');
    expect(rulesHit).toContain('WRC-F-FALSE-WIN-HIDDEN');
    store.close();

    store = new GameStore({ path });
    const { games, failures } = recoverGames(store);
    expect(failures).toEqual([]);
    const back = games.get('faulty')!;
    expect(back.faults).toEqual(ref.faults);
    expect(back.faults.length).toBeGreaterThanOrEqual(2);
    expect(snapshot(back)).toEqual(snapshot(ref));
    store.close();
  });

  it('a corrupt log is refused with the game id and the command index; the other games still recover', () => {
    const path = file('corrupt.sqlite');
    const rules = makeRuleset('tenhou');
    let store = new GameStore({ path });
    const refs: Record<string, Referee> = {};
    for (const id of ['good', 'illegal', 'garbage', 'gap', 'badRules']) {
      store.createGame({ id, rules, seed: id, seats: SEATS });
      refs[id] = new Referee({ rules, seed: id });
      playStored(store, id, refs[id], 120);
    }
    store.close();
    const raw = new Database(path);
    const entryAt = (id: string, seq: number) => JSON.parse((raw.prepare('SELECT entry FROM commands WHERE game_id = ? AND seq = ?').get(id, seq) as { entry: string }).entry);
    const setEntry = (id: string, seq: number, entry: string) => raw.prepare('UPDATE commands SET entry = ? WHERE game_id = ? AND seq = ?').run(entry, id, seq);
    // A well-formed command the game refuses: a discard by a seat whose turn it is not.
    const badAt = refs.illegal.log.findIndex((e, i) => i > 40 && e.command.type === 'discard');
    const bad = entryAt('illegal', badAt);
    setEntry('illegal', badAt, JSON.stringify({ ...bad, seat: (bad.seat + 1) % 4 }));
    setEntry('garbage', 17, '{"seat": 0, "comm');
    raw.prepare('DELETE FROM commands WHERE game_id = ? AND seq = ?').run('gap', 30);
    raw.prepare('UPDATE games SET ruleset = ? WHERE id = ?').run(JSON.stringify({ name: 'nonsense' }), 'badRules');
    raw.close();

    store = new GameStore({ path });
    const { games, failures } = recoverGames(store);
    expect([...games.keys()]).toEqual(['good']);
    expect(snapshot(games.get('good')!)).toEqual(snapshot(refs.good));
    const byId = Object.fromEntries(failures.map((f) => [f.gameId, f]));
    expect(Object.keys(byId).sort()).toEqual(['badRules', 'gap', 'garbage', 'illegal']);
    expect(byId.illegal).toMatchObject({ index: badAt, reason: expect.stringMatching(/refused on replay/) });
    expect(byId.garbage).toMatchObject({ index: 17, reason: 'not JSON' });
    expect(byId.gap).toMatchObject({ index: 30, reason: expect.stringMatching(/missing/) });
    expect(byId.badRules).toMatchObject({ index: null, reason: expect.stringMatching(/ruleset/) });
    store.close();
  });
});

describe('kill -9', () => {
  const fixture = fileURLToPath(new URL('./fixtures/appendLoop.ts', import.meta.url));

  /** Runs the child until it has reported `target` appends, then kills it with SIGKILL. */
  function runAndKill(path: string, target: number, sync: 'NORMAL' | 'FULL'): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', fixture, path, 'wrc2015', 'kill', '0.01', sync], {
        cwd: fileURLToPath(new URL('.', import.meta.url)),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: string[] = [];
      let buf = '';
      let appends = 0;
      let stderr = '';
      let killed = false;
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.on('data', (d: Buffer) => {
        buf += d.toString();
        const parts = buf.split('\n');
        buf = parts.pop()!;
        for (const line of parts) {
          lines.push(line);
          if (!line.startsWith('created') && !line.startsWith('finished')) appends++;
        }
        if (!killed && appends >= target) {
          killed = true;
          child.kill('SIGKILL');
        }
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        if (signal === 'SIGKILL') resolve(lines);
        else reject(new Error(`child exited by itself (${code}): ${stderr}`));
      });
    });
  }

  for (const sync of ['NORMAL', 'FULL'] as const) {
    it(`synchronous=${sync}: every append the child reported is in the file, and the open game recovers to the state of the same play`, async () => {
      const path = file(`kill-${sync}.sqlite`);
      const target = 100 + Math.floor(Math.random() * 2500);
      const lines = await runAndKill(path, target, sync);
      const reported = new Map<string, number>();
      const finished = new Set<string>();
      for (const line of lines) {
        const [a, b] = line.split(' ');
        if (a === 'finished') finished.add(b);
        else if (a !== 'created') reported.set(a, Math.max(reported.get(a) ?? -1, Number(b)));
      }
      expect(reported.size, `target ${target}`).toBeGreaterThan(0);
      expect(existsSync(path)).toBe(true);

      const raw = new Database(path, { readonly: true });
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      raw.close();
      const store = new GameStore({ path });
      const rules = makeRuleset('wrc2015');
      for (const [id, last] of reported) {
        const game = store.getGame(id)!;
        expect(game, `${id} (target ${target})`).not.toBeNull();
        // Every reported seq is there; at most one more (appended, killed before it was printed).
        expect(game.commands).toBeGreaterThanOrEqual(last + 1);
        expect(game.commands).toBeLessThanOrEqual(last + 2);
        if (finished.has(id)) expect(game.status).toBe('finished');
      }
      const { games, failures } = recoverGames(store);
      expect(failures).toEqual([]);
      const open = store.listGames({ status: 'open' });
      expect([...games.keys()]).toEqual(open.map((g) => g.id));
      for (const { id, commands } of open) {
        // The same play in this process, stopped at the same command: the child is deterministic.
        const n = Number(id.split('-').pop());
        const same = new Referee({ rules, seed: id });
        const opts = { falseRonRate: 0.01, random: rng(n + 1) };
        while (same.log.length < commands) if (!botStep(same, opts)) break;
        expect(same.log.length).toBe(commands);
        const back = games.get(id)!;
        expect(snapshot(back)).toEqual(snapshot(same));
        // Recovered, it plays on to the end the same way as the game that never crashed.
        botPlay(back);
        botPlay(same);
        expect(back.game.standings).toEqual(same.game.standings);
      }
      store.close();
    });
  }
});
