import { describe, expect, it } from 'vitest';
import { connect, JantakuError } from '@jantaku/client-sdk';
import { rooms, serveDuringFile, until } from '../server/harness';

const served = serveDuringFile();

describe('the SDK and accounts', () => {
  it('register, login, me, a table joined as the account, another device takes the seat back, logout', async () => {
    const a = connect(served.url);
    expect((await a.register('Sdk Player', 'sdk password 1')).name).toBe('Sdk Player');
    const b = connect(served.url);
    const err = await b.login('Sdk Player', 'not the password').catch((e) => e);
    expect(err).toBeInstanceOf(JantakuError);
    expect(err).toMatchObject({ code: 'BAD_LOGIN', status: 401 });
    expect(b.session).toBeNull();
    const account = await b.login('Sdk Player', 'sdk password 1');
    expect((await b.me()).id).toBe(account.id);

    const table = await a.create({ bots: 3 });
    expect(table.seat).toBe(0);
    const left = new Promise<{ code: number }>((r) => table.on('leave', r));
    const room = rooms.get(table.id)!;
    await until('the account name at the seat', () => room.state.seats[0].name === 'Sdk Player');
    // The same account on another device: its seat, without the seat token.
    const again = await b.join(table.id);
    expect(again.seat).toBe(0);
    // The first device is let go for good (it does not rejoin and take the seat back).
    expect((await left).code).toBe(4101);
    await until('the seat held by the second device', () => room.state.seats[0].presence === 'player');
    await again.leave();

    await b.logout();
    expect(b.session).toBeNull();
    // Every session of the account ended: `a`'s too.
    await expect(a.me()).rejects.toMatchObject({ code: 'NO_SESSION' });
    await expect(a.create({ bots: 3 })).rejects.toThrow(/BAD_SESSION/);
  });

  it('a guest plays at once and registers later, keeping its id; the session can be handed to a new client', async () => {
    const g = connect(served.url);
    const guest = await g.guest();
    expect(guest.guest).toBe(true);
    const t = await g.create({ bots: 3 });
    expect(t.seat).toBe(0);
    await t.leave();
    const named = await g.register('Was A Guest', 'guest password 1');
    expect(named).toMatchObject({ id: guest.id, guest: false });
    const later = connect(served.url, { session: g.session! });
    expect((await later.me()).name).toBe('Was A Guest');
  });
});
