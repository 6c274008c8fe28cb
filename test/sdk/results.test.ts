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
});
