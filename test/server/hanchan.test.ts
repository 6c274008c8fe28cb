import { describe, expect, it } from 'vitest';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { tableViewOf } from '@jantaku/shared/schema/view';
import type { Seat } from '@jantaku/shared/game/types';
import type { TableState } from '@jantaku/shared/schema/table';
import { keyOf, moments, rooms, SEATS, serveDuringFile, tilesIn, type TableRoomClient } from './harness';

const served = serveDuringFile();
const connect = () => served.client();

interface Recorder {
  seat: Seat | 'spectator';
  /** Decoded snapshots (JSON) after each full state or patch, with the server moment they show. */
  snapshots: { key: string; json: TableState; state: TableState }[];
  messages: { type: string | number; payload: unknown }[];
  requests: number;
  rejected: { code: string; key: string }[];
}

function record(room: TableRoomClient, seat: Seat | 'spectator'): Recorder {
  const rec: Recorder = { seat, snapshots: [], messages: [], requests: 0, rejected: [] };
  room.onStateChange((state) => {
    // The decoded state is live; keep a plain copy for the checks.
    const json = state.toJSON() as TableState;
    rec.snapshots.push({ key: keyOf(state), json, state: json });
  });
  room.onMessage('*', (type, payload) => rec.messages.push({ type, payload }));
  return rec;
}

/** Plays the seat with efficiencyBot on what the client receives, until the game is over. */
function play(room: TableRoomClient, seat: Seat, rec: Recorder): Promise<void> {
  let busy = false;
  let actedAt = '';
  return new Promise((resolve, reject) => {
    const step = () => {
      const state = room.state;
      if (!state?.seats?.length || busy) return;
      if (state.phase === 'gameOver') return resolve();
      const key = keyOf(state);
      if (key === actedAt) return;
      const view = tableViewOf(state, seat);
      if (view.legalActions.length === 0) return;
      actedAt = key;
      busy = true;
      rec.requests++;
      room
        .request('action', efficiencyBot(view, view.legalActions))
        .catch((e: { reason?: { code: string } }) => {
          if (!e.reason) return reject(e);
          rec.rejected.push({ code: e.reason.code, key });
        })
        .finally(() => {
          busy = false;
          step();
        });
    };
    room.onStateChange(step);
    room.onLeave((code) => reject(new Error(`seat ${seat} left with code ${code}`)));
    step();
  });
}

describe('a hanchan over websockets', () => {
  it('four SDK clients running efficiencyBot play to the end, and nobody sees a tile it may not know', async () => {
    const started = Date.now();
    const first = connect();
    const rooms0 = await first.create<TableState>('table', { ruleset: 'tenhou', seed: 'ws-hanchan-1', handPauseMs: 0, botDelayMs: 5 });
    const roomId = rooms0.roomId;
    const players: TableRoomClient[] = [rooms0];
    for (let i = 1; i < 4; i++) players.push(await connect().joinById<TableState>(roomId, {}));
    const spectatorRoom = await connect().joinById<TableState>(roomId, { spectator: true });
    const recs = players.map((r, i) => record(r, i as Seat));
    const spectator = record(spectatorRoom, 'spectator');
    // The seat each client got is the one whose `own` part it can see.
    const seatOf = (r: TableRoomClient) => Array.from(r.state.seats).findIndex((s) => s.own !== undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(players.map(seatOf)).toEqual([0, 1, 2, 3]);
    expect(seatOf(spectatorRoom)).toBe(-1);

    await Promise.all(players.map((r, i) => play(r, i as Seat, recs[i])));
    await new Promise((r) => setTimeout(r, 100));

    const room = rooms.get(roomId)!;
    const game = room.referee.game;
    expect(game.phase).toBe('gameOver');
    expect(game.standings).not.toBeNull();
    for (const r of [...players, spectatorRoom]) {
      expect(r.state.phase).toBe('gameOver');
      expect(JSON.parse(r.state.standings)).toEqual(game.standings);
      expect(Array.from(r.state.seats, (s) => s.score)).toEqual(game.scores);
    }

    // No leak: every snapshot every client decoded, checked against the server's game at that moment.
    let checkedTiles = 0;
    for (const rec of [...recs, spectator]) {
      expect(rec.snapshots.length).toBeGreaterThan(100);
      for (const snap of rec.snapshots) {
        const m = moments.get(`${roomId}/${snap.key}`);
        expect(m, `server moment ${snap.key}`).toBeDefined();
        const viewer = rec.seat === 'spectator' ? 4 : rec.seat;
        snap.json.seats.forEach((s, i) => {
          if (i !== rec.seat) expect(s.own, `${String(rec.seat)} sees seat ${i}'s private part`).toBeUndefined();
        });
        for (const { tile, where } of tilesIn(snap.state)) {
          checkedTiles++;
          if (!m!.allowed[viewer].has(tile)) throw new Error(`leak: ${String(rec.seat)} saw tile ${tile} at ${where} (moment ${snap.key})`);
        }
        // Other seats' concealed tiles appear nowhere in the snapshot unless they are public.
        const shown = new Set(tilesIn(snap.state).map((x) => x.tile));
        SEATS.filter((j) => j !== rec.seat).forEach((j) => {
          for (const t of m!.concealed[j]) if (shown.has(t)) expect(m!.allowed[viewer].has(t)).toBe(true);
        });
        if (rec.seat !== 'spectator') {
          const own = snap.json.seats[rec.seat].own!;
          expect([...own.hand].sort((a, b) => a - b)).toEqual([...m!.concealed[rec.seat]].sort((a, b) => a - b));
        }
        expect(snap.json.lastResult).toBe(m!.lastResult);
      }
    }

    // The checker has teeth: at almost every moment in a hand, the spectator may not know the dealer's tiles.
    const hidden = spectator.snapshots.filter((sn) => {
      const m = moments.get(`${roomId}/${sn.key}`)!;
      return m.concealed[0].some((t) => !m.allowed[4].has(t));
    }).length;
    expect(hidden).toBeGreaterThan(spectator.snapshots.length / 2);

    const snapshots = [...recs, spectator].map((r) => r.snapshots.length);
    const requests = recs.map((r) => r.requests);
    const rejected = recs.flatMap((r) => r.rejected);
    console.log(
      `hanchan: ${game.hands.length} hands, ${room.state.actions} actions, ${Date.now() - started} ms; ` +
        `snapshots per client ${snapshots.join('/')} (spectator last); requests ${requests.join('/')}; ` +
        `stale requests refused ${rejected.length}; tiles checked ${checkedTiles}; standings ${JSON.stringify(game.standings?.map((s) => s.points))}`,
    );
    // A bot acting on a state already passed is refused, never any other way.
    for (const r of rejected) expect(['NOTHING_TO_RESPOND', 'NOT_YOUR_TURN', 'ALREADY_RESPONDED', 'HAND_OVER', 'GAME_OVER']).toContain(r.code);
    for (const r of [...players, spectatorRoom]) await r.leave();
  });
});
