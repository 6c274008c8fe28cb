import { describe, expect, it } from 'vitest';
import { connect, play, strategies, type Table } from '@jantaku/client-sdk';
import { serveDuringFile } from '../server/harness';

const served = serveDuringFile();
const PAUSE_MS = 3000; // the table's handPauseMs (its least)

function waitFor(done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (done() ? resolve() : setTimeout(check, 10));
    check();
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const firstHandOver = (t: Table) => waitFor(() => t.state.hands === 1 && t.state.phase === 'handEnded');

describe('Table.holdResults and ready', () => {
  it('a seat holding results keeps the result up past handPauseMs until ready(); the next deal follows it', async () => {
    const table = await connect(served.url).create({ ruleset: 'tenhou', seed: 'sdk-hold', bots: 3, botDelayMs: 0, handPauseMs: PAUSE_MS });
    table.holdResults(true);
    const playing = play(table, strategies.tsumogiri).catch(() => {});
    await firstHandOver(table);
    expect(table.state.lastResult).not.toBe('');
    await sleep(PAUSE_MS + 1500);
    expect(table.state.hands).toBe(1);
    expect(table.state.phase).toBe('handEnded');
    table.ready();
    await waitFor(() => table.state.hands === 2 && table.state.phase !== 'handEnded');
    await table.leave();
    await playing;
  }, 60_000);

  it('a seat that never sends holdResults holds nothing: the next deal comes after handPauseMs', async () => {
    const table = await connect(served.url).create({ ruleset: 'tenhou', seed: 'sdk-hold', bots: 3, botDelayMs: 0, handPauseMs: PAUSE_MS });
    const playing = play(table, strategies.tsumogiri).catch(() => {});
    await firstHandOver(table);
    await waitFor(() => table.state.hands === 2);
    await table.leave();
    await playing;
  }, 60_000);

  it("an account's other device that takes the seat over holds only if it asks: the first device's hold goes with it", async () => {
    const first = connect(served.url);
    await first.register('Holding Player', 'holding password 1');
    const held = await first.create({ ruleset: 'tenhou', seed: 'sdk-hold', bots: 3, botDelayMs: 0, handPauseMs: PAUSE_MS });
    held.holdResults(true);
    const second = connect(served.url, { session: first.session! });
    const table = await second.join(held.id);
    expect(table.seat).toBe(held.seat);
    const playing = play(table, strategies.tsumogiri).catch(() => {});
    await firstHandOver(table);
    // Not held: the next deal within handPauseMs (held, it would wait RESULT_WAIT_MS, 60 s, past this test's time).
    await waitFor(() => table.state.hands === 2);
    await table.leave();
    await playing;
  }, 45_000);
});
