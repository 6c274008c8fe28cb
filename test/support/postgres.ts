import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server/harness';

/** A PostgreSQL server the tests start themselves: Debian's postgresql (scripts/system-deps.ts), a throwaway cluster. */
export interface Postgres {
  /** `postgres://jantaku@127.0.0.1:<port>/postgres`, trust authentication. */
  url: string;
  /** Stops the server and deletes the cluster. */
  stop(): void;
}

const versions = () => readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
const bin = (name: string) => join('/usr/lib/postgresql', versions()[0]!, 'bin', name);
// PostgreSQL refuses to run as root: as root, the cluster is the `postgres` user's.
const asPostgres = (cmd: string[]) => (process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...cmd] : cmd);
function run(cmd: string[]): void {
  const full = asPostgres(cmd);
  const r = spawnSync(full[0]!, full.slice(1), { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd.join(' ')}: ${r.stderr || r.stdout}`);
}

/** Makes a cluster in a new temporary directory and starts it on a free port (fsync on: kill -9 tests mean it). */
export async function startPostgres(prefix = 'jantaku-pg-'): Promise<Postgres> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  run([bin('initdb'), '-D', data, '-U', 'jantaku', '--auth=trust', '-E', 'UTF8']);
  run([bin('pg_ctl'), '-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=on`, 'start']);
  return {
    url: `postgres://jantaku@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run([bin('pg_ctl'), '-D', data, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
