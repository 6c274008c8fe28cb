import { describe, expect, it } from 'vitest';
import type { TableState } from '@jantaku/shared/schema/table';
import { rooms, serveDuringFile } from './harness';
import { unpackDiscard } from '@jantaku/shared/schema/table';
import { roomLog } from '../support/roomLog';

const served = serveDuringFile();
const connect = () => served.client();

const until = async (what: string, ok: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('a table with a clock', () => {
  it('a seated player who does not act is played by the clock once base time and bank are spent; the state shows the deadline and the bank', async () => {
    const timeControl = { kind: 'bank', baseMs: 300, bankMs: 400, bankScope: 'game', claimMs: 300 };
    const room = await connect().create<TableState>('table', { seed: 'clock-table', bots: 3, botDelayMs: 0, handPauseMs: 0, timeControl, seat: 0 });
    room.onMessage('*', () => {});
    // Seat 0 (the dealer) is to discard: its deadline is published, its full bank with it.
    await until('seat 0 to be on the clock', () => room.state.seats?.[0]?.deadline > 0);
    const seat0 = room.state.seats[0];
    expect(seat0.bankMs).toBe(400);
    expect(seat0.deadline).toBeGreaterThan(Date.now() - 1000);
    expect(seat0.deadline).toBeLessThanOrEqual(Date.now() + 700 + 100);
    // Nobody acts for seat 0: the clock discards for it, and its bank is spent.
    await until('the clock to discard for seat 0', () => room.state.seats[0].discards.length >= 1);
    const table = rooms.get(room.roomId)!;
    const first = roomLog(table).find((e) => e.seat === 0);
    expect(first).toMatchObject({ seat: 0, by: 'clock', command: { type: 'discard' } });
    expect(unpackDiscard(room.state.seats[0].discards[0]).tsumogiri).toBe(true);
    await until('the bank to show as spent', () => room.state.seats[0].bankMs === 0);
    // The next turns of seat 0 have the base time only, and the game goes on.
    await until('a second clock discard', () => room.state.seats[0].discards.length >= 2);
    expect(roomLog(table).filter((e) => e.seat === 0).every((e) => 'by' in e && e.by === 'clock')).toBe(true);
    await room.leave();
  }, 30_000);
});
