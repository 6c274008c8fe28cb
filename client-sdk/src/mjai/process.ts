import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { MjaiMessage } from '@jantaku/shared/logs/mjai';

/**
 * How messages go to the bot: `line` (gimite/mjai): one JSON object a line, and the bot answers
 * every line with one line (`{"type":"none"}` when it has nothing to do); `batch` (mjai.app):
 * the bot is run with the seat as its last argument (`bot.py 2`), and the messages up to the one
 * it must answer go as one JSON array, answered by one line.
 */
export type MjaiFraming = 'line' | 'batch';

/** A reply that is not JSON: kept as it came, to be declared (and refused) as such. */
export interface UnreadableReply {
  type: 'mjai:unreadable';
  raw: string;
}

export class MjaiProcessError extends Error {}

/**
 * The reply to the message that asked (null when nothing asked or the bot was late), whether the
 * bot was late (no reply line by the deadline), and the replies that were not `none` to the
 * messages that asked nothing (line framing).
 */
export interface Exchanged {
  reply: unknown;
  late: boolean;
  unasked: { to: MjaiMessage; reply: unknown }[];
}

/** An mjai bot as a child process speaking JSON lines on stdin/stdout. */
export class MjaiProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiting: { resolve: (line: string | null) => void; reject: (e: Error) => void } | null = null;
  private exited: Error | null = null;
  readonly exit: Promise<number | null>;
  /** Messages held back (batch framing) until the next one the bot must answer. */
  private held: MjaiMessage[] = [];
  /** Lines still owed for messages whose deadline passed: they are dropped when they come. */
  private owed = 0;
  /** The bot wrote at least one line. */
  answered = false;

  constructor(command: string, args: readonly string[], readonly framing: MjaiFraming = 'line', private readonly log: (line: string) => void = () => {}) {
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (line.trim() === '') return;
      this.answered = true;
      if (this.owed > 0) {
        this.owed--;
        this.log(`the bot's late answer ${line.slice(0, 200)} came after its time and was dropped`);
      } else if (this.waiting) {
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

  /** Why the bot is gone (exited, or could not start), or null while it runs. */
  get gone(): Error | null {
    return this.exited;
  }

  private write(value: unknown): void {
    if (this.exited) throw this.exited;
    this.child.stdin.write(JSON.stringify(value) + '\n');
  }

  /** The next line, or null when `deadline` (epoch ms) passes first: that line is then owed and dropped when it comes. */
  private readLine(deadline: number): Promise<string | null> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.waiting?.resolve !== done) return;
        this.waiting = null;
        this.owed++;
        resolve(null);
      }, Math.max(0, deadline - Date.now()));
      const done = (l: string | null) => {
        clearTimeout(timer);
        resolve(l);
      };
      this.waiting = {
        resolve: done,
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  private async readReply(deadline: number): Promise<{ reply: unknown; late: boolean }> {
    const raw = await this.readLine(deadline);
    if (raw === null) return { reply: null, late: true };
    try {
      return { reply: JSON.parse(raw) as unknown, late: false };
    } catch {
      return { reply: { type: 'mjai:unreadable', raw } satisfies UnreadableReply, late: false };
    }
  }

  /**
   * Sends `messages`; returns the bot's reply to `messages[ask]` (null when nothing is asked) and
   * the replies to the others that were not `none` (line framing: every message is answered).
   * Batch framing sends everything up to `ask` as one array and holds the rest back. Replies not
   * come by `deadline` (epoch ms) are given up: `late`, and the rest of the messages are sent
   * without waiting.
   */
  async exchange(messages: readonly MjaiMessage[], ask: number | null, deadline: number): Promise<Exchanged> {
    if (this.framing === 'batch') {
      if (ask === null) {
        this.held.push(...messages);
        return { reply: null, late: false, unasked: [] };
      }
      const batch = [...this.held, ...messages.slice(0, ask + 1)];
      this.held = messages.slice(ask + 1);
      this.write(batch);
      return { ...(await this.readReply(deadline)), unasked: [] };
    }
    let reply: unknown = null;
    let late = false;
    const unasked: Exchanged['unasked'] = [];
    for (let i = 0; i < messages.length; i++) {
      this.write(messages[i]);
      if (late) {
        this.owed++;
        continue;
      }
      const r = await this.readReply(deadline);
      late = r.late;
      if (i === ask) reply = r.reply;
      else if (!late && !isNone(r.reply)) unasked.push({ to: messages[i], reply: r.reply });
    }
    return { reply, late: late && ask !== null, unasked };
  }

  /**
   * Sends one message and waits for the bot's first line (line framing): true when it answered,
   * false when it exited first (an mjai.app bot started without its seat argument does).
   */
  async probe(message: MjaiMessage, deadline: number): Promise<boolean> {
    try {
      this.write(message);
      await this.readLine(deadline);
      return true;
    } catch {
      return false;
    }
  }

  /** Holds `messages` back to go first in the next batch (batch framing). */
  hold(messages: readonly MjaiMessage[]): void {
    this.held.push(...messages);
  }

  /** Sends what is held back (batch framing) and the last messages, reading and ignoring the answers (till `deadline`). */
  async flush(messages: readonly MjaiMessage[], deadline: number): Promise<void> {
    if (this.framing === 'batch') {
      const batch = [...this.held, ...messages];
      this.held = [];
      if (batch.length === 0) return;
      this.write(batch);
      await this.readReply(deadline);
      return;
    }
    await this.exchange(messages, null, deadline);
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
