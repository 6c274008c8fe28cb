import { describe, expect, it } from 'vitest';
import { connect, JantakuError, runBot, strategies } from '@jantaku/client-sdk';
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

  it('an owner makes a bot and a key; the bot logs in with its key and plays a game at a table; revoked, its key is refused', async () => {
    const owner = connect(served.url);
    await owner.register('Bot Owner', 'bot owner password');
    const bot = await owner.createBot('Sdk Bot');
    expect(bot).toMatchObject({ name: 'Sdk Bot', bot: true, guest: false });
    expect((await owner.bots()).map((b) => b.id)).toEqual([bot.id]);
    const made = await owner.createKey('Sdk Bot');
    expect(made.key).toMatch(/^jtk_/);

    const b = connect(served.url);
    expect((await b.loginWithKey(made.key)).id).toBe(bot.id);
    expect((await b.me()).bot).toBe(true);

    // `connect(url, { apiKey })`: the key is traded for a session at the first join, and the bot plays the game out.
    const creator = await connect(served.url).create({ bots: [1, 2, 3], botDelayMs: 0, handPauseMs: 0, seed: 'sdk-api-key', spectator: true });
    let seated = '';
    const result = await runBot(served.url, strategies.tsumogiri, {
      table: creator.id,
      seat: 0,
      connect: { apiKey: made.key },
      onTable: (t) => {
        const room = rooms.get(t.id)!;
        seated = room.state.seats[t.seat!].name;
        expect(room.clients.map((c) => (c.auth as { account?: { bot: boolean } } | undefined)?.account?.bot)).toContain(true);
      },
    });
    expect(seated).toBe('Sdk Bot');
    expect(result.standings).toHaveLength(4);
    expect(rooms.get(creator.id)!.referee.game.phase).toBe('gameOver');
    await creator.leave();

    expect((await owner.keys('Sdk Bot')).map((k) => [k.id, k.lastUsed !== null])).toEqual([[made.id, true]]);
    await owner.revokeKey('Sdk Bot', made.id);
    await expect(connect(served.url).loginWithKey(made.key)).rejects.toMatchObject({ code: 'BAD_API_KEY', status: 401 });
    await expect(connect(served.url, { apiKey: made.key }).create({ bots: 3 })).rejects.toMatchObject({ code: 'BAD_API_KEY' });
    // Someone else's bot: as if it did not exist.
    const other = connect(served.url);
    await other.register('Not The Owner', 'not the owner pw');
    await expect(other.createKey('Sdk Bot')).rejects.toMatchObject({ code: 'NO_BOT', status: 404 });
  });
});
