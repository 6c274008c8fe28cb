import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRuleset } from '@jantaku/shared/rules/index';
import type { RefereeLogEntry } from '@jantaku/shared/referee/referee';
import { GameStore, type StoredSeat } from '../../server/src/store/index';
import { GroupCommit, type CommitJob } from '../../server/src/store/groupCommit';

const SEATS: StoredSeat[] = [0, 1, 2, 3].map(() => ({ kind: 'empty' }));
const entry = (n: number): RefereeLogEntry => ({ seat: 0, command: { type: 'discard', tile: n } });
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jantaku-group-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A store with `games` open games, and the SQL it runs from then on. */
function storeWith(name: string, games: string[]): { store: GameStore; sql: string[] } {
  const sql: string[] = [];
  const store = new GameStore({ path: join(dir, name), trace: (q) => sql.push(q) });
  for (const id of games) store.createGame({ id, rules: makeRuleset('wrc2015'), seed: id, seats: SEATS, options: {} });
  sql.length = 0;
  return { store, sql };
}

/** A job that appends `n` entries to game `id` and records what it was told. */
function job(store: GameStore, id: string, n: number, told: Record<string, unknown>): CommitJob & { writes: number } {
  const j = {
    writes: 0,
    rows: () => n,
    write() {
      j.writes++;
      for (let i = 0; i < n; i++) store.append(id, entry(i));
    },
    done(error?: unknown) {
      told[id] = error === undefined ? 'committed' : String(error);
    },
  };
  return j;
}

// The groups of these tests stay open all their turn, however slow the machine (the limit has a test of its own).
const LONG = 60_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('group commit (issue 18 item 2): what the tables apply in one turn is committed together, then each table is told', () => {
  it('writes nothing before the end of the turn, then every table of the turn in one transaction, then tells each', async () => {
    const began = performance.now();
    const { store, sql } = storeWith('one.sqlite', ['a', 'b', 'c']);
    const group = new GroupCommit(store, LONG);
    const told: Record<string, unknown> = {};
    group.add(job(store, 'a', 2, told));
    group.add(job(store, 'b', 1, told));
    group.add(job(store, 'c', 3, told));
    expect(sql).toEqual([]);
    expect(store.getGame('a')!.commands).toBe(0);
    await nextTurn();
    expect(sql.filter((q) => q === 'COMMIT')).toHaveLength(1);
    expect(sql.filter((q) => q === 'BEGIN')).toHaveLength(1);
    expect(told).toEqual({ a: 'committed', b: 'committed', c: 'committed' });
    expect(['a', 'b', 'c'].map((id) => store.getGame(id)!.commands)).toEqual([2, 1, 3]);
    // The next turn is a group of its own; one table's one row commits alone, with no BEGIN and COMMIT around it.
    group.add(job(store, 'a', 2, told));
    await nextTurn();
    expect(sql.filter((q) => q === 'COMMIT')).toHaveLength(2);
    group.add(job(store, 'a', 1, told));
    await nextTurn();
    expect(sql.filter((q) => q === 'COMMIT')).toHaveLength(2);
    expect(sql.at(-1)).toMatch(/^INSERT INTO commands/);
    expect(store.getGame('a')!.commands).toBe(5);
    expect(group.commits).toBe(3);
    expect(group.writes).toBe(5);
    // The time the three commits took, as /metrics reports it: more than nothing, less than the test has run.
    expect(group.seconds).toBeGreaterThan(0);
    expect(group.seconds).toBeLessThan((performance.now() - began) / 1000);
    store.close();
  });

  it("one table's failed write is its own: the group is tried again table by table, the others are committed, it alone is told the error", async () => {
    const { store, sql } = storeWith('two.sqlite', ['a', 'c']);
    const group = new GroupCommit(store, LONG);
    const told: Record<string, unknown> = {};
    const a = job(store, 'a', 2, told);
    const missing = job(store, 'missing', 1, told); // no such game: the store refuses its append
    const c = job(store, 'c', 1, told);
    for (const j of [a, missing, c]) group.add(j);
    await nextTurn();
    expect(told).toEqual({ a: 'committed', missing: expect.stringMatching(/no game missing/), c: 'committed' });
    // The group's transaction rolled back (a's first writes with it), then each went alone.
    expect(a.writes).toBe(2);
    expect(sql.filter((q) => q === 'ROLLBACK')).toHaveLength(2);
    expect([store.getGame('a')!.commands, store.getGame('c')!.commands]).toEqual([2, 1]);
    expect(store.commands('a')).toEqual([entry(0), entry(1)]);
    store.close();
  });

  it("a table that fails after its commit does not keep the next tables from being told", async () => {
    const { store } = storeWith('three.sqlite', ['a', 'b']);
    const group = new GroupCommit(store, LONG);
    const told: Record<string, unknown> = {};
    group.add({ rows: () => 1, write: () => store.append('a', entry(0)), done: () => { throw new Error('a bug after the commit'); } });
    group.add(job(store, 'b', 1, told));
    await nextTurn();
    expect(told).toEqual({ b: 'committed' });
    expect(store.getGame('a')!.commands).toBe(1);
    store.close();
  });

  it('a turn longer than the limit commits in several groups: a table joining a group open for longer is told after the group is committed, the rest at the end of the turn', async () => {
    const { store, sql } = storeWith('four.sqlite', ['a', 'b', 'c']);
    const group = new GroupCommit(store, 20);
    const told: Record<string, unknown> = {};
    group.add(job(store, 'a', 1, told));
    group.add(job(store, 'b', 1, told));
    // The turn goes on working for longer than the limit.
    const until = performance.now() + 30;
    while (performance.now() < until);
    group.add(job(store, 'c', 2, told));
    // a and b: committed in one group, and told, before c joined a new one.
    expect(told).toEqual({ a: 'committed', b: 'committed' });
    expect(sql.filter((q) => q === 'COMMIT')).toHaveLength(1);
    expect(store.getGame('c')!.commands).toBe(0);
    await nextTurn();
    expect(told).toEqual({ a: 'committed', b: 'committed', c: 'committed' });
    expect(sql.filter((q) => q === 'COMMIT')).toHaveLength(2);
    expect(['a', 'b', 'c'].map((id) => store.getGame(id)!.commands)).toEqual([1, 1, 2]);
    expect([group.commits, group.writes]).toEqual([2, 3]);
    // The next turn's first table opens a group of its own, flushed at the end of that turn.
    group.add(job(store, 'a', 1, told));
    await nextTurn();
    expect([group.commits, group.writes]).toEqual([3, 4]);
    store.close();
  });
});
