import { legalOfOwn } from '@jantaku/shared/protocol/legal';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from '@colyseus/core';
import { Client, type Room } from '@colyseus/sdk';
import { createServer, type ServerOptions } from '../../server/src/index';
import type { Limits } from '../../server/src/limits';
import { TableRoom } from '../../server/src/rooms/TableRoom';
import type { Game } from '@jantaku/shared/game/game';
import type { Seat } from '@jantaku/shared/game/types';
import type { TableState } from '@jantaku/shared/schema/table';
import { meldsOf, penaltyTilesOf, unpackDiscard, uraIndicatorsOf } from '@jantaku/shared/schema/table';

/** What each seat may know at one moment of the server's game, keyed by `hands:actions`. */
export interface Moment {
  phase: string;
  /** Tiles seat s may know (index 4: a spectator). */
  allowed: Set<number>[];
  /** Each seat's concealed tiles on the server. */
  concealed: number[][];
  lastResult: string;
}

export const moments = new Map<string, Moment>();
export const rooms = new Map<string, RecordingTableRoom>();

export function keyOf(state: { hands: number; actions: number }): string {
  return `${state.hands}:${state.actions}`;
}

/** Tiles everyone may know now, read from the server's Game (not from its views). */
function publicTiles(game: Game): Set<number> {
  const out = new Set<number>(game.doraIndicators);
  for (const s of game.seats) {
    for (const d of s.discards) out.add(d.tile);
    for (const m of s.melds) m.tiles.forEach((t) => out.add(t));
    for (const p of s.penaltyTiles) out.add(p.tile);
  }
  if (game.phase === 'handEnded' || game.phase === 'gameOver') {
    const r = game.lastResult;
    game.currentHand.uraIndicators.forEach((t) => out.add(t));
    for (const w of r?.wins ?? []) {
      w.concealed.forEach((t) => out.add(t));
      out.add(w.winTile);
      w.uraIndicators.forEach((t) => out.add(t));
    }
    for (const v of r?.revealed ?? []) v.concealed.forEach((t) => out.add(t));
  }
  return out;
}

/** The table room, recording what each seat may know every time it sends a patch. */
export class RecordingTableRoom extends TableRoom {
  override onCreate(options: unknown): void {
    super.onCreate(options);
    rooms.set(this.roomId, this);
  }

  override broadcastPatch(): boolean {
    // A patch between a command and its commit (the patch timer's) shows the game as last recorded, which was recorded then.
    if (this.referee && this.state && this.settled) this.record();
    return super.broadcastPatch();
  }

  record(): void {
    const game = this.referee.game;
    const pub = publicTiles(game);
    const allowed = game.seats.map((s) => {
      const set = new Set(pub);
      s.hand.forEach((t) => set.add(t));
      if (s.drawn !== null) set.add(s.drawn);
      return set;
    });
    allowed.push(pub);
    const ended = game.phase === 'handEnded' || game.phase === 'gameOver';
    moments.set(`${this.roomId}/${keyOf(this.state)}`, {
      phase: game.phase,
      allowed,
      concealed: game.seats.map((s) => [...s.hand]),
      lastResult: ended && game.lastResult ? JSON.stringify(game.lastResult) : '',
    });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A server on a free port, recording its games in a fresh temporary directory (`dataDir`). */
export async function startServer(
  room: typeof TableRoom = RecordingTableRoom,
  dataDir = mkdtempSync(join(tmpdir(), 'jantaku-server-')),
  limits: Partial<Limits> = {},
  options: Pick<ServerOptions, 'checkpointEveryMs'> = {},
): Promise<{ server: Server; url: string; client: () => Client; dataDir: string }> {
  const port = await freePort();
  // Every test client comes from 127.0.0.1: the per-address table limits are off unless a test sets them.
  const server = createServer({ room, gracefullyShutdown: false, dataDir, limits: { tablesPerAddress: 0, createsPerMinute: 0, ...limits }, ...options });
  await server.listen(port);
  const url = `ws://127.0.0.1:${port}`;
  return { server, url, client: () => new Client(url), dataDir };
}

export type TableRoomClient = Room<TableState>;

/** Every tile id a decoded state shows, with where it was found. */
export function tilesIn(state: TableState): { tile: number; where: string }[] {
  const out: { tile: number; where: string }[] = [];
  const add = (tile: number, where: string) => out.push({ tile, where });
  Array.from(state.doraIndicators).forEach((t) => add(t, 'dora'));
  Array.from(uraIndicatorsOf(state)).forEach((t) => add(t, 'ura'));
  if (state.claimTile >= 0) add(state.claimTile, 'claim');
  Array.from(state.seats).forEach((s, i) => {
    Array.from(s.discards).forEach((d) => add(unpackDiscard(d).tile, `seat${i}.discards`));
    Array.from(meldsOf(s)).forEach((m) => {
      Array.from(m.tiles).forEach((t) => add(t, `seat${i}.melds`));
      if (m.calledTile >= 0) add(m.calledTile, `seat${i}.melds`);
      if (m.addedTile >= 0) add(m.addedTile, `seat${i}.melds`);
    });
    Array.from(penaltyTilesOf(s)).forEach((p) => add(p.tile, `seat${i}.penaltyTiles`));
    if (s.own) {
      Array.from(s.own.hand).forEach((t) => add(t, `seat${i}.own.hand`));
      if (s.own.drawn >= 0) add(s.own.drawn, `seat${i}.own.drawn`);
      const walk = (v: unknown): void => {
        if (typeof v === 'number') add(v, `seat${i}.own.legal`);
        else if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') Object.values(v).forEach(walk);
      };
      walk(legalOfOwn(s.own));
    }
  });
  return out;
}

export const SEATS: readonly Seat[] = [0, 1, 2, 3];

/** Waits (polling) until `ok()` holds; fails naming `what` after `ms`. */
export async function until(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The error payload a request was refused with (`ctx.reject`); throws if it was accepted. */
export async function refusal(room: TableRoomClient, payload: unknown): Promise<{ code: string; reason: string; rule?: string }> {
  try {
    const reply = await room.request('action', payload);
    throw new Error(`accepted: ${JSON.stringify(reply)}`);
  } catch (e) {
    const reason = (e as { reason?: { code: string; reason: string; rule?: string } }).reason;
    if (!reason) throw e;
    return reason;
  }
}

/** The first seat with something to do in the server's game, or undefined. */
export function seatToAct(game: Game): Seat | undefined {
  return SEATS.find((s) => game.legalActions(s).length > 0);
}

/**
 * A server for the test file: started before its tests, shut down (and its data removed) after.
 * The fields are filled once `beforeAll` has run.
 */
export function serveDuringFile(room?: typeof TableRoom, limits: Partial<Limits> = {}): { server: Server; url: string; client: () => Client; dataDir: string } {
  const served = {} as { server: Server; url: string; client: () => Client; dataDir: string };
  beforeAll(async () => {
    Object.assign(served, await startServer(room, undefined, limits));
  });
  afterAll(async () => {
    await served.server.gracefullyShutdown(false);
    rmSync(served.dataDir, { recursive: true, force: true });
  });
  return served;
}
