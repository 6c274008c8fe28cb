import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../../server/src/index.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** Resolves once `/health` answers ok; rejects if the process exits first or after `ms`. */
  healthy(ms?: number): Promise<void>;
}

/** `npm start`'s server in a child process on `port`, recording into `dataDir`; `env` adds to the environment (e.g. LOG_LEVEL). */
export function spawnServer(port: number, dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, PORT: String(port), JANTAKU_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const healthy = async (ms = 60_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
      if (Date.now() > deadline) throw new Error('the server did not start');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, stdout: () => stdout, stderr: () => stderr, exited, healthy };
}
