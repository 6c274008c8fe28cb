import { describe, expect, it } from 'vitest';
import { rooms } from '../server/harness';
import { until, webSuite } from './browser';

/**
 * A private table through the page (Chromium, real server): created from the lobby, it shows
 * its invite link; the link seats a friend; without the code the table is neither listed nor
 * joinable nor watchable.
 */
const web = webSuite();

describe('a private table', () => {
  it('shows its invite link to its creator; the link seats a friend; without it nobody joins or watches, and the lobby does not list it', async () => {
    const { page: host, errors } = await web.newPage();
    await host.goto(`${web.http}/`);
    await host.waitForSelector('#create-form');
    await host.fill('input[name="name"]', 'Friends only');
    await host.selectOption('#bots', '2');
    await host.check('input[name="private"]');
    await host.click('#create');
    await host.waitForSelector('.invite input');
    const link = await host.inputValue('.invite input');
    const id = decodeURIComponent(/#\/table\/([^?]+)/.exec(host.url())![1]);
    const code = rooms.get(id)!.settings.inviteCode!;
    expect(link).toBe(`${web.http}/#/table/${encodeURIComponent(id)}?code=${encodeURIComponent(code)}`);

    // A stranger: not in the lobby, and the table's address without the code is refused.
    const { page: stranger } = await web.newPage();
    await stranger.goto(`${web.http}/`);
    await stranger.waitForSelector('#lobby-status');
    await until('the lobby to have loaded', async () => !/Connecting/.test((await stranger.textContent('#lobby-status')) ?? ''));
    expect(await stranger.$$(`.table-row[data-id="${id}"]`)).toHaveLength(0);
    for (const path of [`#/table/${id}`, `#/table/${id}?watch`]) {
      await stranger.goto(`${web.http}/${path}`);
      await stranger.waitForSelector('.error');
      expect(await stranger.textContent('.error')).toContain('INVITE_REQUIRED');
    }

    // The friend follows the link: seated, and the game begins (two bots, two players).
    const { page: friend, errors: friendErrors } = await web.newPage();
    await friend.goto(link);
    await until('the friend to be seated', () => rooms.get(id)!.state.seats[1].presence === 'player');
    await until('the game to begin', () => rooms.get(id)!.state.started);
    expect(await friend.inputValue('.invite input')).toBe(link);
    expect(errors).toEqual([]);
    expect(friendErrors, friendErrors.join("\n")).toEqual([]);
  }, 120_000);
});
