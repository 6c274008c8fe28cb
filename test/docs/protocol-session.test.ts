import { legalOfOwn } from '@jantaku/shared/protocol/legal';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Client, type Room } from '@colyseus/sdk';
import { decode, type Iterator } from '@colyseus/schema';
import { Protocol } from '@colyseus/shared-types';
import type { LegalAction, Seat } from '@jantaku/shared/game/types';
import type { TableState } from '@jantaku/shared/schema/table';
import { EVENTS, eventsFromWire, type EventState } from '@jantaku/shared/protocol/events';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { tapFrames } from '../support/frames';
import { rooms, serveDuringFile, until } from '../server/harness';

/**
 * docs/PROTOCOL.md §13 ("Example session") is replayed here against a live server with a plain
 * @colyseus/sdk client: every block marked `<!-- session:name -->` in the doc must equal what the
 * server really sends (random ids and tokens read as the doc's `<placeholders>`). To rewrite the
 * doc after a deliberate change, run with JANTAKU_PRINT_SESSION=1 and paste what it prints.
 */
const DOC = readFileSync(new URL('../../docs/PROTOCOL.md', import.meta.url), 'utf8');
const served = serveDuringFile();
const http = () => served.url.replace(/^ws/, 'http');

/** The doc's marked JSON blocks by name. */
function docBlocks(text: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const m of text.matchAll(/<!-- session:([a-z-]+) -->\s*```json\n([\s\S]*?)```/g)) out.set(m[1], JSON.parse(m[2]));
  return out;
}

/**
 * The client the doc recommends: its handlers are registered as the room is made, before it
 * connects, so the `seat` message and the first `events`, which the server sends as the join
 * completes (often in the same TCP read as the join itself), are not dropped.
 */
class EarlyClient extends Client {
  /** `events` carries the decoded events too, read with the state as it was when the batch came. */
  readonly messages: { type: string; payload: unknown; events?: RefereeEvent[] }[] = [];
  protected override createRoom<T>(roomName: string, rootSchema?: never): Room<any, T> {
    const room = super.createRoom<T>(roomName, rootSchema);
    // The events message's type is the number EVENTS on the wire; named here as the doc names it.
    room.onMessage('*', (type, payload) =>
      this.messages.push(type === EVENTS ? { type: 'events', payload, events: eventsFromWire(payload, room.state as unknown as EventState) } : { type: String(type), payload }),
    );
    return room;
  }
}

/** Each frame's kind as the doc names it: `JOIN_ROOM`, `ROOM_STATE`, `ROOM_DATA seat` … */
function frameName(frame: Uint8Array): string {
  const code = frame[0];
  const name = Object.entries(Protocol).find(([, v]) => v === code)?.[0] ?? String(code);
  if (code !== Protocol.ROOM_DATA) return name;
  const it: Iterator = { offset: 1 };
  return `${name} ${decode.stringCheck(frame as Buffer, it) ? decode.string(frame as Buffer, it) : decode.number(frame as Buffer, it)}`;
}

/** The reason a request was rejected with. */
async function rejected(room: Room<any, TableState>, payload: unknown): Promise<unknown> {
  try {
    return { accepted: await room.request('action', payload) };
  } catch (e) {
    return (e as { reason?: unknown }).reason ?? String(e);
  }
}

const legalOf = (s: TableState, seat: Seat): LegalAction[] => legalOfOwn(s.seats[seat].own);


describe('docs/PROTOCOL.md §13, the example session', () => {
  it('every block of the example is what a live server sends, in the order it sends it', async () => {
    const doc = docBlocks(DOC);
    const printing = Boolean(process.env.JANTAKU_PRINT_SESSION);
    if (!printing) expect([...doc.keys()]).toEqual(['create', 'reservation', 'frames', 'seat', 'first-events', 'state', 'refusals', 'fault-reply', 'fault-events', 'discard-reply', 'discard-events', 'standings', 'record']);
    const tap = tapFrames();
    const actual = new Map<string, unknown>();
    try {
      // Create over HTTP, then connect with the reservation.
      const res = await fetch(`${http()}/matchmake/create/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(doc.get('create')) });
      expect(res.status).toBe(200);
      const reservation = (await res.json()) as { name: string; sessionId: string; roomId: string; processId: string };
      const ids: Record<string, string> = { [reservation.sessionId]: '<sessionId>', [reservation.roomId]: '<roomId>', [reservation.processId]: '<processId>' };
      actual.set('reservation', reservation);
      const client = new EarlyClient(served.url);
      const room = await client.consumeSeatReservation<TableState>(reservation as never);
      await until('the first state and events', () => room.state?.seats?.length === 4 && client.messages.some((m) => m.type === 'events'));
      const frames = tap.framesOf(room)!;
      actual.set('frames', frames.slice(0, 4).map(frameName));
      const token = (client.messages.find((m) => m.type === 'seat')!.payload as { token: string }).token;
      ids[token] = '<token>';
      actual.set('seat', client.messages[0].payload);
      actual.set('first-events', client.messages[1].payload);
      actual.set('state', room.state.toJSON());

      // Refused requests change nothing.
      const hand = room.state.seats[0].own!.hand.toArray();
      // A tile of a kind seat 0 does not hold (another copy of a held kind would be that kind's discard).
      const absent = [...Array(136).keys()].find((t) => !hand.some((h) => h >> 2 === t >> 2))!;
      actual.set('refusals', [
        { request: { type: 'discard', tile: absent }, reply: await rejected(room, { type: 'discard', tile: absent }) },
        { request: { type: 'pon', tiles: [1, 1] }, reply: await rejected(room, { type: 'pon', tiles: [1, 1] }) },
        { request: { type: 'discard', tile: hand[0], seat: 2 }, reply: await rejected(room, { type: 'discard', tile: hand[0], seat: 2 }) },
      ]);
      expect(room.state.actions, JSON.stringify(actual.get('refusals'))).toBe(0);

      // A false tsumo under wrc2015: chombo, the hand is redealt.
      const before = client.messages.length;
      actual.set('fault-reply', await room.request('action', { type: 'tsumo' }));
      await until('the fault events', () => client.messages.length > before && room.state.hands === 2);
      actual.set('fault-events', client.messages[before].payload);
      // The short handEnded reads back, from the state the client held when it came, as the doc's prose says.
      const ended = client.messages[before].events!.find((e) => e.type === 'handEnded');
      expect(ended).toEqual({
        to: 'all', type: 'handEnded', scores: [30000, 30000, 30000, 30000], uraIndicators: [],
        result: { kind: 'chombo', wins: [], tenpai: [], revealed: [{ seat: 0, concealed: [115, 6, 0, 119, 74, 69, 29, 10, 3, 94, 65, 96, 78, 12] }], deltas: [0, 0, 0, 0], nagashi: [], chombo: [{ seat: 0, rule: 'WRC-F-FALSE-WIN-REVEALED', deltas: [0, 0, 0, 0] }], sticksReturned: [] },
      });

      // A discard of the redealt hand's lowest tile; the batches until seat 0 is offered a call.
      await until('seat 0 to discard', () => legalOf(room.state, 0).some((a) => a.type === 'discard'));
      const lowest = Math.min(...room.state.seats[0].own!.hand.toArray());
      const mark = client.messages.length;
      actual.set('discard-reply', await room.request('action', { type: 'discard', tile: lowest }));
      const offered = () => client.messages.slice(mark).findIndex((m) => m.type === 'events' && m.events!.some((e) => e.type === 'claimOffered'));
      await until('a claim window offered to seat 0', () => offered() >= 0);
      actual.set('discard-events', client.messages.slice(mark, mark + offered() + 1).filter((m) => m.type === 'events').map((m) => m.payload));

      // The rest of the game as the doc says: pass every window, discard the drawn tile (else the lowest).
      let acting = false;
      const act = async () => {
        if (acting || room.state.phase === 'gameOver') return;
        const legal = legalOf(room.state, 0);
        if (!legal.length) return;
        acting = true;
        const own = room.state.seats[0].own!;
        const command = legal.some((a) => a.type === 'pass')
          ? { type: 'pass' }
          : legal.some((a) => a.type === 'draw')
            ? { type: 'draw' }
            : { type: 'discard', tile: own.drawn >= 0 ? own.drawn : Math.min(...own.hand.toArray()) };
        await room.request('action', command).catch(() => {});
        acting = false;
        void act();
      };
      room.onStateChange(() => void act());
      void act();
      await until('the end of the game', () => room.state.phase === 'gameOver', 110_000);
      actual.set('standings', JSON.parse(room.state.standings));
      const game = rooms.get(reservation.roomId)!.referee.game;
      expect(JSON.parse(room.state.standings)).toEqual(game.standings);
      const record = (await (await fetch(`${http()}/api/games/${reservation.roomId}`)).json()) as Record<string, unknown>;
      actual.set('record', { id: record.id, status: record.status, ruleset: record.ruleset, seed: record.seed, hands: game.hands.length });
      await room.leave();

      // Random ids and tokens as the doc's placeholders.
      const normal = JSON.parse(JSON.stringify(Object.fromEntries(actual), (_, v: unknown) => (typeof v === 'string' && v in ids ? ids[v] : v))) as Record<string, unknown>;
      if (printing) for (const [k, v] of Object.entries(normal)) console.log(`<!-- session:${k} -->\n${JSON.stringify(v)}\n`);
      else for (const [name, value] of doc) if (name !== 'create') expect(normal[name], `docs/PROTOCOL.md session:${name}`).toEqual(value);
    } finally {
      tap.untap();
    }
  }, 120_000);
});
