import { ServerError } from '@colyseus/core';
import type { GameOptions } from '@jantaku/shared/game/game';
import { Referee } from '@jantaku/shared/referee/referee';
import type { ClockInput } from '@jantaku/shared/referee/time';
import { events as log } from '../log';
import { recoverGame, StoreUnavailableError, type GameStore, type StoredSeat } from '../store/index';
import { TableClock } from './clock';
import type { TableEvents } from './events';
import type { StoredSettings, TableSettings } from './options';
import { SEATS } from './projection';
import { UNAVAILABLE } from './protocol';
import type { Timers, TableTimer } from './timers';

/** While the disk refuses writes, how often a table tries the store again (ms). */
export const STORE_RETRY_MS = 1000;

/** A room's game records no hand's steps: its store keeps the log that rebuilds them. */
export const ROOM_GAME: Pick<GameOptions, 'handSteps'> = { handSteps: false };

/** The settings as the store keeps them beside the game's rules and seed (the room rebuilds them from these). */
export function storedSettings(settings: TableSettings): StoredSettings {
  const { rules: _rules, seed: _seed, bots, ...rest } = settings;
  return { ...rest, bots: [...bots] };
}

/** A new table's game, stored before anyone joins; a disk that refuses it: 503 UNAVAILABLE (after `undo`, which takes back what was counted). */
export function recordNewGame(store: GameStore, id: string, settings: TableSettings, undo: () => void): void {
  const seats: StoredSeat[] = SEATS.map((s) => (settings.bots.has(s) ? { kind: 'bot', bot: settings.botName } : { kind: 'empty' }));
  try {
    store.createGame({ id, rules: settings.rules, seed: settings.seed, seats, options: storedSettings(settings) });
  } catch (e) {
    undo();
    if (e instanceof StoreUnavailableError) throw new ServerError(503, UNAVAILABLE);
    throw e;
  }
}

/**
 * The stored unfinished game `id`, to rebuild its table after a restart: its settings, its
 * referee replayed from the log, its clock inputs, and the clocks' start. Their instants are ms
 * since that start: it puts the last one just before now (the time the server was down is nobody's).
 */
export function loadGame(store: GameStore, id: string): { settings: TableSettings; referee: Referee; inputs: ClockInput[]; clockStart: number } {
  const record = store.getGame(id);
  if (!record || record.status !== 'open') throw new ServerError(404, `no unfinished game ${id}`);
  const stored = record.options as unknown as StoredSettings;
  // inviteCode and service: absent from games stored before they existed.
  const settings = { ...stored, inviteCode: stored.inviteCode ?? null, service: stored.service ?? null, rules: record.rules, seed: record.seed, bots: new Set(stored.bots) };
  const referee = recoverGame(store, id, ROOM_GAME);
  const inputs = store.clockInputs(id);
  const lastAt = Math.max(
    inputs.reduce((m, i) => Math.max(m, i.at), 0),
    referee.log.reduce((m, e) => Math.max(m, 'at' in e && typeof e.at === 'number' ? e.at : 0), 0),
  );
  return { settings, referee, inputs, clockStart: Date.now() - lastAt - 1 };
}

/** What the record needs of its table: the game and clocks it records (replaced on a rollback). */
export interface RecordHost {
  readonly roomId: string;
  readonly store: GameStore | null;
  readonly tableEvents: TableEvents | null;
  readonly settings: TableSettings;
  referee: Referee;
  seatClock: TableClock;
}

/** What the table does when the store stops it, and when the disk takes writes again. */
export interface RecordHooks {
  /** The store failed for good (or the server is shutting down): stop every timer; `disconnect`: close the room too. */
  stopped(disconnect: boolean): void;
  /** The disk takes writes again after `downMs` of refusing them: the table goes on. */
  resumed(downMs: number): void;
}

/**
 * A table's game in the store: which of the referee's log entries and clock inputs are recorded,
 * whether its result is, and whether the store is down (the disk refuses writes for now: the
 * table waits and tries again) or failed (the table stops).
 */
export class GameRecord {
  /** How many entries of the referee's log are in the store; whether its result is. */
  private persisted = 0;
  /** Clock inputs already in the store. */
  private persistedInputs = 0;
  private finished = false;
  /** The store failed for good (not the disk): the table stops. */
  private failed = false;
  /** The disk refuses writes for now: the table waits for it (`waitForStore`). */
  private down = false;
  /** Since when the disk has refused writes (the clocks do not count that time). */
  private downSince: number | null = null;
  /** What the write in the group commit under way covers (`written` counts it once committed). */
  private writing: { entries: number; inputs: number } | null = null;

  constructor(
    private readonly host: RecordHost,
    private readonly timers: Timers<TableTimer>,
    private readonly hooks: RecordHooks,
  ) {}

  /** A recovered game: `entries` log entries and `inputs` clock inputs are already stored. */
  recovered(entries: number, inputs: number): void {
    this.persisted = entries;
    this.persistedInputs = inputs;
  }

  /** Nothing can be recorded now (the table neither plays nor takes actions). */
  get stopped(): boolean {
    return this.failed || this.down;
  }

  /** The disk refuses this table's writes for now. */
  get waiting(): boolean {
    return this.down;
  }

  /**
   * Whether the table may apply and record now. False: it is stopped, waits for the disk, or the
   * server is shutting down (the game stops here and is recovered at the next start).
   */
  open(): boolean {
    const { store } = this.host;
    if (this.failed || this.down) return false;
    if (store && !this.finished && !store.isOpen) {
      this.failed = true;
      this.hooks.stopped(false);
      return false;
    }
    return true;
  }

  /**
   * Writes the referee's new log entries and the clocks' new inputs: the table's part of a group
   * commit (store/groupCommit.ts), run inside its transaction. Throws as the store does;
   * `written` counts them once the transaction commits, and records a finished game's result.
   */
  write(): void {
    const { store, roomId, referee, seatClock } = this.host;
    if (!store || this.finished) return;
    const { log: entries, logStart, logLength } = referee;
    // The new clock inputs go in the last new command's row (one insert an action), or alone without one.
    const clock = { from: this.persistedInputs, inputs: seatClock.inputs.slice(this.persistedInputs - seatClock.inputsStart) };
    for (let i = this.persisted; i < logLength; i++) store.append(roomId, entries[i - logStart], undefined, i === logLength - 1 ? clock : undefined);
    if (this.persisted === logLength) store.appendClockInputs(roomId, clock.from, clock.inputs);
    this.writing = { entries: logLength, inputs: seatClock.inputsLength };
  }

  /** How many rows `write` inserts now. */
  rows(): number {
    if (!this.host.store || this.finished) return 0;
    const entries = this.host.referee.logLength - this.persisted;
    return entries > 0 ? entries : this.host.seatClock.inputsLength > this.persistedInputs ? 1 : 0;
  }

  /** What `write` wrote is committed. */
  written(): void {
    const w = this.writing;
    this.writing = null;
    if (!w) return;
    this.persisted = w.entries;
    this.persistedInputs = w.inputs;
    // Stored: the table need not keep them (log entries once the clocks have looked at them). A rollback reads them back.
    this.host.referee.forgetLog(Math.min(this.persisted, this.host.seatClock.logSeen));
    this.host.seatClock.forgetInputs(this.persistedInputs);
    this.finishIfOver();
  }

  /**
   * The commit failed: nothing of it is stored. A disk that refuses the write (full, read-only)
   * undoes the unrecorded commands and the table waits for the disk (`waitForStore`); a store
   * closed meanwhile (the server is shutting down) stops the table; any other failure stops it
   * and closes it.
   */
  notWritten(e: unknown): void {
    this.writing = null;
    if (this.host.store && !this.host.store.isOpen) {
      this.failed = true;
      this.hooks.stopped(false);
      return;
    }
    this.refused(e, true);
  }

  /** Records the result of a game that is over (retried while the disk refuses it: its log is already stored). */
  finishIfOver(): void {
    const { store, roomId, referee, tableEvents } = this.host;
    const game = referee.game;
    if (this.finished || game.phase !== 'gameOver' || !store) return;
    try {
      store.finish(roomId, { standings: game.standings, scores: game.scores, faults: referee.faults });
      this.finished = true;
      tableEvents?.emit('finished', roomId);
    } catch (e) {
      this.refused(e, false);
    }
  }

  /** A write failed: see `notWritten`. `undo`: the commands not recorded are taken back. */
  private refused(e: unknown, undo: boolean): false {
    log.storeFailed(this.host.roomId, e);
    if (!(e instanceof StoreUnavailableError)) {
      this.failed = true;
      this.hooks.stopped(true);
      return false;
    }
    if (undo && !this.rollback()) {
      this.failed = true;
      this.hooks.stopped(true);
      return false;
    }
    this.waitForStore();
    return false;
  }

  /**
   * Back to what the store holds: the referee rebuilt from the recorded log, the clocks from the
   * recorded inputs. Nothing of the undone commands was sent (the patch goes out after `persist`).
   */
  private rollback(): boolean {
    const host = this.host;
    const { rules, seed } = host.settings;
    const { wallAlgorithm } = host.referee.game;
    // The table let go of what is stored (`forgetLog`, `forgetInputs`): it is read back from the store.
    const stored = this.read(() => ({ log: host.store!.commands(host.roomId), inputs: host.store!.clockInputs(host.roomId) }));
    if (!stored) return false;
    if (stored.log.length !== this.persisted || stored.inputs.length !== this.persistedInputs) {
      const counts = `${stored.log.length} commands and ${stored.inputs.length} clock inputs; the table recorded ${this.persisted} and ${this.persistedInputs}`;
      log.storeFailed(host.roomId, new Error(`the store holds ${counts}`));
      return false;
    }
    host.referee = Referee.replay({ rules, seed, wallAlgorithm, ...ROOM_GAME }, stored.log);
    host.seatClock = TableClock.restore(rules.timeControl, host.seatClock.start, host.referee, stored.inputs);
    return true;
  }

  /**
   * The clocks' whole list of inputs (to rebuild them): the part the table let go, read back from
   * the store, then the rest. Null if the store cannot be read: the table stops.
   */
  clockInputs(): ClockInput[] | null {
    const { store, roomId, seatClock } = this.host;
    const start = seatClock.inputsStart;
    if (start === 0) return [...seatClock.inputs];
    const stored = this.read(() => store!.clockInputs(roomId));
    if (!stored) {
      this.failed = true;
      this.hooks.stopped(true);
      return null;
    }
    return [...stored.slice(0, start), ...seatClock.inputs];
  }

  /** What `f` reads from the store, or null (logged) if it throws. */
  private read<T>(f: () => T): T | null {
    try {
      return f();
    } catch (e) {
      log.storeFailed(this.host.roomId, e);
      return null;
    }
  }

  /** The disk refuses writes: actions are answered UNAVAILABLE, nothing plays on its own, and the store is tried again every STORE_RETRY_MS. */
  private waitForStore(): void {
    this.down = true;
    this.downSince ??= Date.now();
    this.timers.clear('next');
    this.timers.clear('clock');
    if (this.timers.has('retry')) return;
    this.timers.set('retry', STORE_RETRY_MS, () => {
      const store = this.host.store;
      if (this.failed || !store?.isOpen) return;
      if (!store.probe()) return this.waitForStore();
      this.down = false;
      log.storeRecovered(this.host.roomId);
      const down = this.downSince === null ? 0 : Date.now() - this.downSince;
      this.downSince = null;
      this.hooks.resumed(down);
    });
  }
}
