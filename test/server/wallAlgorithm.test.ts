import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { Referee } from '@jantaku/shared/referee/referee';
import { LEGACY_WALL_ALGORITHM, shuffledTiles, WALL_ALGORITHM } from '@jantaku/shared/game/shuffle';
import { GameStore, MIGRATIONS, recoverGames, type StoredSeat } from '../../server/src/store/index';
import { botStep, snapshot } from './fixtures/botPlay';

const SEATS: StoredSeat[] = [0, 1, 2, 3].map((i) => ({ kind: 'bot', bot: 'efficiency', name: `bot${i}` }));
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jantaku-wall-algorithm-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the wall algorithm is stored with the game', () => {
  it('a game stored by a server before migration 4 keeps the xoshiro128-fnv1a walls it was dealt: it recovers exactly; new games get hmac-sha256-v1', () => {
    const path = join(dir, 'old.sqlite');
    const rules = makeRuleset('tenhou');
    // A file as the previous server left it: migrations 1..3, one unfinished game mid-way.
    const raw = new Database(path);
    raw.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied INTEGER NOT NULL)`);
    for (const m of MIGRATIONS.filter((m) => m.version <= 3)) {
      raw.exec(m.sql);
      raw.prepare('INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, 0)').run(m.version, m.name);
    }
    raw.prepare('INSERT INTO games (id, created, ruleset, seed, seats, options) VALUES (?, ?, ?, ?, ?, ?)').run('old', 1, JSON.stringify(rules), 'old-record', JSON.stringify(SEATS), '{}');
    const old = new Referee({ rules, seed: 'old-record', wallAlgorithm: LEGACY_WALL_ALGORITHM });
    for (let i = 0; i < 400 && botStep(old); i++);
    expect(old.game.hands.length).toBeGreaterThan(1);
    old.log.forEach((e, seq) => raw.prepare('INSERT INTO commands (game_id, seq, entry, at) VALUES (?, ?, ?, ?)').run('old', seq, JSON.stringify(e), 1));
    raw.close();

    const store = new GameStore({ path });
    expect(store.getGame('old')!.wallAlgorithm).toBe(LEGACY_WALL_ALGORITHM);
    const { games, failures } = recoverGames(store);
    expect(failures).toEqual([]);
    const back = games.get('old')!;
    expect(snapshot(back)).toEqual(snapshot(old));
    expect(back.game.hands[0].haipai[0]).toEqual(shuffledTiles('old-record', 0, LEGACY_WALL_ALGORITHM).slice(0, 13));
    // The same log on the new generator is another game: without the stored algorithm it would not rebuild.
    expect(new Referee({ rules, seed: 'old-record' }).game.hands[0].haipai).not.toEqual(old.game.hands[0].haipai);

    expect(store.createGame({ id: 'new', rules, seed: 'new', seats: SEATS }).wallAlgorithm).toBe(WALL_ALGORITHM);
    expect(() => store.createGame({ id: 'bad', rules, seed: 'x', seats: SEATS, wallAlgorithm: 'rot13' as never })).toThrow(/unknown wall algorithm/);
    store.close();
  });
});
