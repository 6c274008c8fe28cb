import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npm run demo:tournament -- --players 16 --rounds 4`: starts its own server (a free port, a
 * temporary data directory), plays a whole tournament with SDK bot accounts over websockets
 * (scripts/tournament-event.ts: faults forced at three tables, a late arrival, a substitute) and
 * prints, last, one JSON line: { tournament, players, rounds, tables, repeatPairs, standings,
 * faults, url }. The games are WRC 2015 tonpuusen (one east round) so the event takes minutes.
 * `--keep`: the server stays up afterwards, serving `url`, until Ctrl-C.
 */
const { values } = parseArgs({
  options: { players: { type: 'string', default: '16' }, rounds: { type: 'string', default: '4' }, keep: { type: 'boolean', default: false }, quiet: { type: 'boolean', default: false } },
});
const players = Number(values.players);
const rounds = Number(values.rounds);
if (!Number.isInteger(players) || players < 4 || players > 200) throw new Error('--players: 4 to 200 (not a multiple of 4: substitutes fill the tables)');
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10) throw new Error('--rounds: 1 to 10');

// The server's own log lines stay off stdout (the last line is the result).
process.env.LOG_LEVEL ??= 'warn';
const { createServer } = await import('../server/src/index');
const { runEvent } = await import('./tournament-event');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createNetServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

const dataDir = mkdtempSync(join(tmpdir(), 'jantaku-demo-tournament-'));
const port = await freePort();
// Every bot comes from this machine: the per-address table limits are off.
const server = createServer({ dataDir, gracefullyShutdown: false, limits: { tablesPerAddress: 0, createsPerMinute: 0 } });
await server.accounts.ready;
await server.listen(port);
const started = Date.now();
const log = (line: string) => {
  if (!values.quiet) process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);
};
const result = await runEvent({
  url: `ws://127.0.0.1:${port}`,
  players,
  rounds,
  setRole: async (id, role) => void (await server.accounts.db.updateTable('accounts').set({ role }).where('id', '=', id).execute()),
  log,
});
log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const { tournament, tables, repeatPairs, standings, faults, url } = result;
console.log(JSON.stringify({ tournament, players, rounds, tables, repeatPairs, standings: standings.map(({ player, rank, total, penalties }) => ({ player, rank, total, penalties })), faults, url }));
if (!values.keep) {
  await server.gracefullyShutdown(false);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
