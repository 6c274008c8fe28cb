import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { MjaiMessage } from '@jantaku/shared/logs/mjai';

/**
 * How messages go to the bot: `line` (gimite/mjai): one JSON object a line, and the bot answers
 * every line with one line (`{"type":"none"}` when it has nothing to do); `batch` (mjai.app):
 * the messages up to the one the bot must answer go as one JSON array, answered by one line.
 */
export type MjaiFraming = 'line' | 'batch';

/** A reply that is not JSON: kept as it came, to be declared (and refused) as such. */
export interface UnreadableReply {
  type: 'mjai:unreadable';
  raw: string;
}

export class MjaiProcessError extends Error {}

/** The reply to the message that asked, and the replies that were not `none` to those that did not. */
export interface Exchanged {
  reply: unknown;
  unasked: { to: MjaiMessage; reply: unknown }[];
}

/** An mjai bot as a child process speaking JSON lines on stdin/stdout. */
export class MjaiProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiting: { resolve: (line: string) => void; reject: (e: Error) => void } | null = null;
  private exited: Error | null = null;
  readonly exit: Promise<number | null>;
  /** Messages held back (batch framing) until the next one the bot must answer. */
  private held: MjaiMessage[] = [];

  constructor(command: string, args: readonly string[], private readonly framing: MjaiFraming = 'line', private readonly log: (line: string) => void = () => {}) {
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (line.trim() === '') return;
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w.resolve(line);
      } else this.lines.push(line);
    });
    createInterface({ input: this.child.stderr }).on('line', (line) => this.log(`bot: ${line}`));
    this.child.stdin.on('error', () => {});
    this.exit = new Promise((resolve) => {
      const done = (code: number | null, why: string) => {
        if (!this.exited) this.exited = new MjaiProcessError(why);
        this.waiting?.reject(this.exited);
        this.waiting = null;
        resolve(code);
      };
      this.child.on('exit', (code, signal) => done(code, `the mjai bot exited (${signal ?? `code ${code}`})`));
      this.child.on('error', (e) => done(null, `the mjai bot could not run: ${e.message}`));
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private write(value: unknown): void {
    if (this.exited) throw this.exited;
    this.child.stdin.write(JSON.stringify(value) + '\n');
  }

  private readLine(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  private async readReply(): Promise<unknown> {
    const raw = await this.readLine();
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return { type: 'mjai:unreadable', raw } satisfies UnreadableReply;
    }
  }

  /**
   * Sends `messages`; returns the bot's reply to `messages[ask]` (null when nothing is asked) and
   * the replies to the others that were not `none` (line framing: every message is answered).
   * Batch framing sends everything up to `ask` as one array and holds the rest back.
   */
  async exchange(messages: readonly MjaiMessage[], ask: number | null): Promise<Exchanged> {
    if (this.framing === 'batch') {
      if (ask === null) {
        this.held.push(...messages);
        return { reply: null, unasked: [] };
      }
      const batch = [...this.held, ...messages.slice(0, ask + 1)];
      this.held = messages.slice(ask + 1);
      this.write(batch);
      return { reply: await this.readReply(), unasked: [] };
    }
    let reply: unknown = null;
    const unasked: Exchanged['unasked'] = [];
    for (let i = 0; i < messages.length; i++) {
      this.write(messages[i]);
      const r = await this.readReply();
      if (i === ask) reply = r;
      else if (!isNone(r)) unasked.push({ to: messages[i], reply: r });
    }
    return { reply, unasked };
  }

  /** Sends what is held back (batch framing) and the last messages, reading and ignoring the answers. */
  async flush(messages: readonly MjaiMessage[]): Promise<void> {
    if (this.framing === 'batch') {
      const batch = [...this.held, ...messages];
      this.held = [];
      if (batch.length === 0) return;
      this.write(batch);
      await this.readReply();
      return;
    }
    for (const m of messages) {
      this.write(m);
      await this.readReply();
    }
  }

  /** Closes the bot's stdin and waits for it to exit; kills it if it does not within `graceMs`. */
  async close(graceMs = 2000): Promise<void> {
    if (!this.exited) this.child.stdin.end();
    const timer = setTimeout(() => {
      if (!this.exited) this.child.kill('SIGKILL');
    }, graceMs);
    await this.exit;
    clearTimeout(timer);
  }
}

const isNone = (r: unknown): boolean => !!r && typeof r === 'object' && (r as { type?: unknown }).type === 'none';
