import { describe, expect, it } from 'vitest';
import { handFairness } from '@jantaku/shared/game/shuffle';
import { checkFairness, type FairnessReport } from '../../web/src/fairnessCheck';

// The page's check (SubtleCrypto, here Node's) against reports built by the engine's own code.
describe('the web client checks the walls', () => {
  const seed = 'web-fairness';
  const report = (): FairnessReport => ({
    algorithm: 'hmac-sha256-v1',
    hands: [handFairness(seed, 0, 'hmac-sha256-v1', true), handFairness(seed, 1, 'hmac-sha256-v1', true), handFairness(seed, 2, 'hmac-sha256-v1', false)],
  });

  it('finished hands verified, the hand in play pending', async () => {
    expect(await checkFairness(report())).toEqual([
      { hand: 0, verdict: 'verified' },
      { hand: 1, verdict: 'verified' },
      { hand: 2, verdict: 'pending' },
    ]);
  });

  it('a wall or salt that differs from what was committed is a mismatch', async () => {
    const r = report();
    const w = r.hands[0].wall!;
    [w[0], w[1]] = [w[1], w[0]];
    r.hands[1].salt = r.hands[1].salt!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect((await checkFairness(r)).map((v) => v.verdict)).toEqual(['mismatch', 'mismatch', 'pending']);
  });
});
