/**
 * Scoring throughput: our scoreWin against majiang-core's Util.hule on the same complete hands
 * (the corpus wins plus seeded random wins), each converted to its scorer's input beforehand so
 * only the scoring calls are timed. Run: npx tsx scripts/bench/scoring.ts
 */
import { pathToFileURL } from 'node:url';
import { tenhou } from '@jantaku/shared/rules/shipped';
import { scoreWin } from '@jantaku/shared/scoring/score';
import type { WinInput } from '@jantaku/shared/scoring/types';
import { corpusWins } from '../../test/scoring/corpus';
import { randomWin, rng } from '../../test/scoring/gen';
import { peerRule, peerScore, toPeer, type PeerCase } from '../../test/scoring/peer';

const RANDOM_WINS = 3000;
const WARMUP_PASSES = 20;
const PASSES = 30;

/**
 * Times passes (one scoring of every hand) of the two scorers alternately, so that load from
 * other processes falls on both alike; the median pass of each gives scorings per second.
 */
function rates(hands: number, passes: (() => number)[]): number[] {
  for (let i = 0; i < WARMUP_PASSES; i++) for (const pass of passes) pass();
  const times = passes.map(() => [] as number[]);
  let sink = 0;
  for (let i = 0; i < PASSES; i++) {
    passes.forEach((pass, j) => {
      const t0 = performance.now();
      sink += pass();
      times[j].push(performance.now() - t0);
    });
  }
  if (sink === 0) throw new Error('no hand scored');
  return times.map((t) => {
    t.sort((a, b) => a - b);
    return hands / (t[t.length >> 1] / 1000);
  });
}

export async function benchScoring(): Promise<{ ours: number; peer: number; ratio: number }> {
  const rules = tenhou;
  const r = rng(7);
  const inputs: WinInput[] = corpusWins().map((w) => w.input);
  while (inputs.length < RANDOM_WINS + 284) {
    const w = randomWin(r);
    if (scoreWin(w, rules)) inputs.push(w);
  }
  const rule = peerRule(rules);
  const cases: PeerCase[] = inputs.map((w) => toPeer(w, rules, rule));

  const [ours, peer] = rates(inputs.length, [
    () => {
      let sum = 0;
      for (let i = 0; i < inputs.length; i++) sum += scoreWin(inputs[i], rules)!.payment.total;
      return sum;
    },
    () => {
      let sum = 0;
      for (let i = 0; i < cases.length; i++) sum += peerScore(cases[i])!.defen;
      return sum;
    },
  ]);
  return { ours: Math.round(ours), peer: Math.round(peer), ratio: Math.round((ours / peer) * 10) / 10 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ours, peer, ratio } = await benchScoring();
  console.log(`scoring: ours ${ours.toLocaleString('en')}/s, majiang-core ${peer.toLocaleString('en')}/s, ratio ${ratio}x`);
}
