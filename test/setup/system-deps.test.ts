import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SYSTEM_DEPS } from '../../scripts/system-deps';

// The pretest step run as `npm test` runs it, with a PATH of our making: a bin directory that
// holds what we say is installed, and no apt-get (so nothing is ever installed from here).
const bin = mkdtempSync(join(tmpdir(), 'jantaku-sysdeps-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function pretest(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/system-deps.ts'], { encoding: 'utf8', env: { ...process.env, PATH: bin, ...env } });
}

describe('npm test brings the system programs the tests start (scripts/system-deps.ts)', () => {
  it('covers the programs the tests start: redis-server (scale-out), PostgreSQL (accounts), Debian chromium (web tests), mkfs.ext4 and losetup (the read-only disk)', () => {
    expect(SYSTEM_DEPS.map((d) => d.pkg)).toEqual(['redis-server', 'postgresql', 'chromium', 'e2fsprogs', 'mount']);
  });

  it('without apt-get or sudo: stops at once with one line naming every missing package', () => {
    const r = pretest({ CHROMIUM_PATH: join(bin, 'no-such-chromium') });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/run {2}sudo apt-get install -y --no-install-recommends redis-server chromium$/);
  });

  it('names only what is missing, and passes silently once everything is there', () => {
    const fakeRedis = join(bin, 'redis-server');
    writeFileSync(fakeRedis, '#!/bin/sh\n');
    chmodSync(fakeRedis, 0o755);
    const one = pretest({ CHROMIUM_PATH: join(bin, 'no-such-chromium') });
    expect(one.status).toBe(1);
    expect(one.stderr).toMatch(/install -y --no-install-recommends chromium$/m);
    expect(one.stderr).not.toMatch(/redis-server/);
    const all = pretest({ CHROMIUM_PATH: fakeRedis });
    expect({ status: all.status, out: all.stdout + all.stderr }).toEqual({ status: 0, out: '' });
  });
});
