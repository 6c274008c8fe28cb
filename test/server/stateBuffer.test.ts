import { describe, expect, it } from 'vitest';
import { Encoder, StateView } from '@colyseus/schema';
import { Referee } from '@jantaku/shared/referee/referee';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { newTableState, project, SEATS } from '../../server/src/rooms/projection';
import { STATE_BUFFER_BYTES } from '../../server/src/rooms/stateBuffer';
import '../../server/src/rooms/TableRoom';
import { botStep, rng } from './fixtures/botPlay';

/**
 * Issue 18 item 4: each room's two encode buffers are STATE_BUFFER_BYTES, not Colyseus's 16 KB.
 * Whole bot games (false rons among them, so faults and penalties are in the state) never encode a
 * full state, nor a seat's full view, larger than that: the buffers never have to grow.
 */
describe('the table state fits the rooms encode buffers', () => {
  it('is what the rooms get once TableRoom is loaded', () => {
    expect(Encoder.BUFFER_SIZE).toBe(STATE_BUFFER_BYTES);
    expect(new Encoder(newTableState(makeRuleset('wrc2015'))).sharedBuffer.byteLength).toBe(STATE_BUFFER_BYTES);
  });

  it.each([
    ['wrc2015', 18],
    ['tenhou', 19],
  ])('%s: every full state and seat view of a whole game is under STATE_BUFFER_BYTES', (name, seed) => {
    const rules = makeRuleset(name);
    const ref = new Referee({ rules, seed: `state-buffer-${seed}` });
    const state = newTableState(rules);
    const encoder = new Encoder(state);
    const random = rng(seed);
    let largest = 0;
    let steps = 0;
    do {
      project(state, ref.game);
      const it = { offset: 0 };
      const shared = encoder.encodeAll(it).length;
      largest = Math.max(largest, shared);
      for (const s of SEATS) {
        const view = new StateView();
        view.add(state.seats[s]);
        const at = { offset: shared };
        largest = Math.max(largest, encoder.encodeAllView(view, shared, at).length);
      }
      encoder.discardChanges();
      steps++;
    } while (botStep(ref, { falseRonRate: 0.01, random }) !== null);
    expect(ref.game.phase).toBe('gameOver');
    expect(steps).toBeGreaterThan(200);
    expect(largest).toBeGreaterThan(1000);
    expect(largest).toBeLessThan(STATE_BUFFER_BYTES);
  }, 120_000);
});
