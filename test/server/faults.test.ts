import { describe, expect, it } from 'vitest';
import { replyFromWire } from '@jantaku/shared/api/table';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import type { Seat } from '@jantaku/shared/game/types';
import { viewFor } from '@jantaku/shared/game/views';
import { isRuleId } from '@jantaku/shared/referee/ids';
import { Referee, type RefereeEvent } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import type { TableState } from '@jantaku/shared/schema/table';
import { refusal, rooms, SEATS, seatToAct, serveDuringFile, until, type RecordingTableRoom, type TableRoomClient } from './harness';
import { EVENTS, eventsFromWire } from '@jantaku/shared/protocol/events';
import { roomLog } from '../support/roomLog';

const served = serveDuringFile();
const connect = () => served.client();

const FALSE_WIN = 'WRC-F-FALSE-WIN-REVEALED';

interface Table {
  id: string;
  room: RecordingTableRoom;
  /** Seats 0..3, then a spectator. */
  clients: TableRoomClient[];
  /** Every `events` message each client received, flattened. */
  events: RefereeEvent[][];
}

/** Four seated SDK clients and a spectator at a new table; every seat is driven by the test. */
async function table(opts: Record<string, unknown>): Promise<Table> {
  const first = await connect().create<TableState>('table', { botDelayMs: 5, ...opts, seat: 0 });
  const clients: TableRoomClient[] = [first];
  for (const seat of [1, 2, 3]) clients.push(await connect().joinById<TableState>(first.roomId, { seat }));
  clients.push(await connect().joinById<TableState>(first.roomId, { spectator: true }));
  const events: RefereeEvent[][] = clients.map(() => []);
  clients.forEach((c, i) => {
    c.onMessage(EVENTS, (batch: unknown) => events[i].push(...eventsFromWire(batch, c.state)));
    c.onMessage('*', () => {});
  });
  const room = rooms.get(first.roomId)!;
  await until('the deal', () => room.state.started && room.referee.game.phase !== 'handEnded');
  return { id: first.roomId, room, clients, events };
}

/**
 * Plays the server's game forward over the network, one request at a time: the first seat with
 * something to do sends what efficiencyBot would, chosen on the server's own projection for it
 * (so the run is deterministic), until `stop()` holds.
 */
async function drive(t: Table, stop: () => boolean, limit = 400): Promise<void> {
  for (let i = 0; !stop(); i++) {
    if (i >= limit) throw new Error('the moment was not reached');
    const game = t.room.referee.game;
    const seat = seatToAct(game);
    if (seat === undefined) {
      await new Promise((r) => setTimeout(r, 10)); // between hands: the next deal is on a timer
      continue;
    }
    const legal = game.legalActions(seat);
    await t.clients[seat].request('action', efficiencyBot(viewFor(game, seat, legal), legal));
  }
}

/** A claim window on seat 1's discard in which seat 0 has yet to answer and cannot win. */
function seat0MayAnswerButNotWin(t: Table): boolean {
  const game = t.room.referee.game;
  const legal = game.legalActions(0).map((a) => a.type);
  return game.phase === 'claims' && viewFor(game, 'spectator').claim?.from === 1 && legal.includes('pass') && !legal.includes('ron');
}

describe('Faults end to end', () => {
  it(`wrc2015 (penalise): a false ron with the hand shown is ${FALSE_WIN}, a chombo of 20 global points for that seat, announced to every client`, async () => {
    const seed = 'faults-false-ron-1';
    const rules = makeRuleset('wrc2015');
    expect(rules.foulPolicy).toBe('penalise');
    expect(isRuleId(FALSE_WIN)).toBe(true);
    const t = await table({ ruleset: 'wrc2015', seed, handPauseMs: 0 });
    const { room } = t;
    await drive(t, () => seat0MayAnswerButNotWin(t));
    const game = room.referee.game;
    const start = { hands: game.hands.length, round: game.round, honba: game.honba, dealer: game.dealer, scores: [...game.scores] };
    const concealed = [...game.seats[0].hand];
    expect(game.penalties).toEqual([]);
    const mark = t.events.map((e) => e.length);

    const reply = await t.clients[0].request('action', { type: 'ron', reveal: true });
    expect(reply).toMatchObject({ status: 'fault', rule: FALSE_WIN, penalty: { kind: 'chombo' }, actions: room.state.actions });
    expect(typeof reply.reason).toBe('string');
    // The chombo waits for the window (a win in it would cancel it): the other seats answer, then the hand is redealt.
    await drive(t, () => game.hands.length > start.hands);
    await until('every client to have the redeal', () => t.events.every((ev, i) => ev.slice(mark[i]).some((e) => e.type === 'handStarted')));

    // Every client — the four seats and the spectator — was told: the fault, the 20 points, the hand ended as a chombo.
    for (const [i, ev] of t.events.entries()) {
      const faults = ev.filter((e) => e.type === 'fault');
      expect(faults, `client ${i}`).toEqual([expect.objectContaining({ to: 'all', seat: 0, rule: FALSE_WIN, penalty: { kind: 'chombo' } })]);
      expect(ev.filter((e) => e.type === 'penalty'), `client ${i}`).toEqual([{ to: 'all', type: 'penalty', seat: 0, rule: FALSE_WIN, points: 20 }]);
      const ended = ev.filter((e) => e.type === 'handEnded');
      expect(ended.length, `client ${i}`).toBe(start.hands);
      const result = (ended.at(-1) as Extract<RefereeEvent, { type: 'handEnded' }>).result;
      expect(result).toMatchObject({ kind: 'chombo', wins: [], chombo: [{ seat: 0, rule: FALSE_WIN, deltas: [0, 0, 0, 0] }] });
      // The hand that was shown is the offender's, as it stood.
      expect(result.revealed).toEqual([{ seat: 0, concealed }]);
      expect(ev.some((e) => e.type === 'faultCancelled')).toBe(false);
    }

    // The rulebook (WRC-P-CHOMBO, docs/REFEREE.md): 20 global penalty points, table points unchanged,
    // the hand redealt with the same dealer and no counter.
    expect(rules.chombo).toEqual({ kind: 'globalPoints', points: 20 });
    expect(game.penalties).toEqual([{ seat: 0, rule: FALSE_WIN, points: 20, hand: start.hands - 1 }]);
    expect(room.referee.faults).toEqual([expect.objectContaining({ seat: 0, rule: FALSE_WIN, penalty: { kind: 'chombo' }, hand: start.hands - 1 })]);
    expect(room.referee.faults[0].cancelled).toBeUndefined();
    expect(game.scores).toEqual(start.scores);
    expect({ round: game.round, honba: game.honba, dealer: game.dealer }).toEqual({ round: start.round, honba: start.honba, dealer: start.dealer });
    for (const c of t.clients) {
      await until('the clients to have the redeal', () => c.state.hands === start.hands + 1);
      expect(Array.from(c.state.seats, (s) => s.score)).toEqual(start.scores);
    }

    // The server's log, replayed by an in-process referee, gives the same faults, penalties and scores.
    const replay = Referee.replay({ rules, seed }, roomLog(room));
    expect(replay.faults).toEqual(room.referee.faults);
    expect(replay.game.penalties).toEqual(game.penalties);
    expect(replay.game.scores).toEqual(game.scores);
    expect(replay.game.hands.map((h) => h.result)).toEqual(game.hands.map((h) => h.result));
    const offending = roomLog(room).filter((e) => e.seat === 0 && e.command.type === 'ron');
    expect(offending).toEqual([{ seat: 0, command: { type: 'ron', reveal: true }, at: expect.any(Number) }]);
    console.log(`${FALSE_WIN}: declared at action ${reply.actions} of hand ${start.hands}; penalties ${JSON.stringify(game.penalties)}; ${t.events.map((e) => e.length).join('/')} events per client`);
    for (const c of t.clients) await c.leave();
  });

  it(`tenhou (prevent): the same false ron with the hand shown is refused and changes nothing (${FALSE_WIN} under wrc2015)`, async () => {
    const seed = 'faults-false-ron-1';
    const rules = makeRuleset('tenhou');
    expect(rules.foulPolicy).toBe('prevent');
    const t = await table({ ruleset: 'tenhou', seed, handPauseMs: 0 });
    const { room } = t;
    // The same moment: seat 1 has just discarded, and seat 0 cannot win on it.
    await drive(t, () => {
      const g = room.referee.game;
      return g.seats[1].discards.length === 1 && !g.legalActions(0).some((a) => a.type === 'ron');
    });
    const game = room.referee.game;
    await new Promise((r) => setTimeout(r, 50));
    const before = { actions: room.state.actions, log: structuredClone(roomLog(room)), state: JSON.stringify(room.state.toJSON()) };
    const heard = t.events.map((e) => e.length);

    const r = await refusal(t.clients[0], { type: 'ron', reveal: true });
    // The referee's own answer to the same message at the same point of the same game.
    const expected = Referee.replay({ rules, seed }, roomLog(room)).apply(0, { type: 'ron', reveal: true });
    expect(expected.ok).toBe(false);
    if (expected.ok) return;
    expect(r.code).toBe(expected.refusal.code);
    expect(r.rule).toBe(expected.refusal.rule);
    expect(typeof r.reason).toBe('string');

    await new Promise((res) => setTimeout(res, 100));
    expect(room.state.actions).toBe(before.actions);
    expect(roomLog(room)).toEqual(before.log);
    expect(JSON.stringify(room.state.toJSON())).toBe(before.state);
    expect(room.referee.faults).toEqual([]);
    expect(game.penalties).toEqual([]);
    expect(t.events.map((e) => e.length)).toEqual(heard);
    for (const c of t.clients) expect(c.state.actions).toBe(before.actions);
    console.log(`tenhou false ron refused: ${JSON.stringify(r)}`);
    // The table plays on.
    const seat = seatToAct(game) as Seat;
    expect(SEATS).toContain(seat);
    const legal = game.legalActions(seat);
    expect(replyFromWire(await t.clients[seat].request('action', efficiencyBot(viewFor(game, seat, legal), legal)))).toMatchObject({ status: 'accepted' });
    for (const c of t.clients) await c.leave();
  });
});
