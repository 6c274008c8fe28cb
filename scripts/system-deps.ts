import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * The programs the tests start themselves that npm does not install, with the Debian package
 * that brings each. `npm test` runs this first (the `pretest` step): whatever is missing is
 * installed with apt-get when allowed (root, or passwordless sudo); otherwise it stops at once
 * with one line saying what to install. A new need is one more row.
 */
export interface SystemDep {
  /** A command on PATH, or an absolute path. */
  bin: string;
  /** The Debian package that provides it. */
  pkg: string;
  /** Which tests need it. */
  why: string;
}

/** Where the web tests find Chromium: Debian's package puts it here; CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const SYSTEM_DEPS: readonly SystemDep[] = [
  { bin: 'redis-server', pkg: 'redis-server', why: 'the scale-out test starts its own (test/server/scale.test.ts)' },
  { bin: '/usr/bin/pg_ctlcluster', pkg: 'postgresql', why: 'the accounts test starts its own PostgreSQL cluster (test/server/accounts-postgres.test.ts)' },
  { bin: CHROMIUM, pkg: 'chromium', why: 'the web tests drive it through playwright-core (test/web)' },
  { bin: '/sbin/mkfs.ext4', pkg: 'e2fsprogs', why: 'the read-only disk test formats a loop device (test/server/readonly-disk.test.ts)' },
  { bin: '/sbin/losetup', pkg: 'mount', why: 'the read-only disk test mounts a loop device (test/server/readonly-disk.test.ts)' },
];

/** Whether `bin` is an executable file (an absolute path) or one on PATH. */
export function found(bin: string): boolean {
  const candidates = isAbsolute(bin) ? [bin] : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((d) => join(d, bin));
  return candidates.some((p) => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export const missing = (deps: readonly SystemDep[] = SYSTEM_DEPS): SystemDep[] => deps.filter((d) => !found(d.bin));

/** How this process may run apt-get: as itself (root), through passwordless sudo, or not at all. */
function aptPrefix(): string[] | null {
  if (!found('apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  if (found('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return null;
}

/** Runs one command quietly; on failure prints what it said and returns false. */
function quietly(cmd: string[]): boolean {
  const r = spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (r.status === 0) return true;
  process.stderr.write(`${cmd.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}):\n${(r.stdout ?? '') + (r.stderr ?? '')}`.slice(-4000) + '\n');
  return false;
}

/** Installs what is missing when allowed; returns the exit code for the pretest step. */
export function ensureSystemDeps(): number {
  const need = missing();
  if (need.length === 0) return 0;
  const pkgs = need.map((d) => d.pkg);
  const prefix = aptPrefix();
  if (prefix === null) {
    // One line, the whole instruction (Debian/Ubuntu package names).
    console.error(`npm test needs ${pkgs.join(' and ')} (${need.map((d) => d.why).join('; ')}): run  sudo apt-get install -y --no-install-recommends ${pkgs.join(' ')}`);
    return 1;
  }
  console.log(`installing ${pkgs.join(', ')} with apt-get (needed by the tests: ${need.map((d) => d.why).join('; ')})`);
  const started = Date.now();
  const ok =
    quietly([...prefix, 'apt-get', 'update', '-qq']) &&
    quietly([...prefix, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...pkgs]);
  const still = missing();
  if (!ok || still.length > 0) {
    console.error(`could not install ${pkgs.join(' ')}${still.length ? ` (still missing: ${still.map((d) => d.bin).join(', ')})` : ''}`);
    return 1;
  }
  console.log(`installed ${pkgs.join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(ensureSystemDeps());
