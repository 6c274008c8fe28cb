/**
 * Shanten throughput on the 40,000 corpus hands: ours (min of the three forms) against
 * majiang-core's Majiang.Util.xiangting, which computes the same minimum. Both get
 * inputs converted up front, and only the shanten calls are timed.
 * Run directly: npx tsx scripts/bench/shanten.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { shanten } from '@jantaku/shared/hand/shanten';
import { KIND_COUNT } from '@jantaku/shared/tiles/index';

/** The parts of majiang-core used here (it ships no type declarations). */
type MajiangShoupai = object;
interface MajiangCore {
  Shoupai: { fromString(s: string): MajiangShoupai };
  Util: { xiangting(s: MajiangShoupai): number };
}
const Majiang = createRequire(import.meta.url)('@kobalab/majiang-core') as MajiangCore;

const CORPUS = resolve(import.meta.dirname, '../../../shared/corpus/shanten');
const REPETITIONS = 7;
/** Each repetition runs whole passes over the corpus for at least this long. */
const MIN_REPETITION_MS = 200;

function corpusHands(): number[][] {
  return readdirSync(CORPUS)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((f) => readFileSync(resolve(CORPUS, f), 'utf8').trim().split('\n'))
    .map((line) => line.trim().split(/\s+/).slice(0, 14).map(Number));
}

function toCounts(kinds: number[]): Uint8Array {
  const c = new Uint8Array(KIND_COUNT);
  for (const k of kinds) c[k]++;
  return c;
}

function toShoupai(kinds: number[]): MajiangShoupai {
  const suits = ['', '', '', ''];
  for (const k of [...kinds].sort((a, b) => a - b)) suits[k < 27 ? (k / 9) | 0 : 3] += k < 27 ? (k % 9) + 1 : k - 26;
  return Majiang.Shoupai.fromString(suits.map((d, s) => (d ? 'mpsz'[s] + d : '')).join(''));
}

/** A timed workload: one pass over the corpus, returning a checksum so the calls cannot be dropped. */
interface Runner {
  pass(): number;
  passes: number;
  checksum: number;
  rates: number[];
}

/**
 * Hands per second for each runner: the median of REPETITIONS timed repetitions after
 * a warm-up (which also builds our tables). Repetitions alternate between the runners
 * so that both see the same machine load.
 */
function measure(runners: Runner[], hands: number): number[] {
  for (const r of runners) {
    const t0 = performance.now();
    r.checksum = r.pass();
    r.passes = Math.max(1, Math.ceil(MIN_REPETITION_MS / Math.max(performance.now() - t0, 0.01)));
    for (let i = 0; i < r.passes; i++) r.pass();
  }
  for (let rep = 0; rep < REPETITIONS; rep++) {
    for (const r of runners) {
      const start = performance.now();
      for (let i = 0; i < r.passes; i++) if (r.pass() !== r.checksum) throw new Error('shanten changed between passes');
      r.rates.push((hands * r.passes * 1000) / (performance.now() - start));
    }
  }
  return runners.map((r) => r.rates.sort((a, b) => a - b)[REPETITIONS >> 1]);
}

const runner = (pass: () => number): Runner => ({ pass, passes: 1, checksum: 0, rates: [] });

export async function benchShanten(): Promise<{ ours: number; peer: number; ratio: number }> {
  const hands = corpusHands();
  const counts = hands.map(toCounts);
  const shoupai = hands.map(toShoupai);

  const ours = runner(() => {
    let sum = 0;
    for (let i = 0; i < counts.length; i++) sum += shanten(counts[i]);
    return sum;
  });
  const peer = runner(() => {
    let sum = 0;
    for (let i = 0; i < shoupai.length; i++) sum += Majiang.Util.xiangting(shoupai[i]);
    return sum;
  });
  const [oursRate, peerRate] = measure([ours, peer], hands.length);
  if (ours.checksum !== peer.checksum) {
    throw new Error(`the libraries disagree on the corpus: ${ours.checksum} vs ${peer.checksum}`);
  }
  return { ours: oursRate, peer: peerRate, ratio: oursRate / peerRate };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { ours, peer, ratio } = await benchShanten();
  const m = (x: number) => `${(x / 1e6).toFixed(2)}M/s`;
  console.log(`shanten over the corpus: ours ${m(ours)}, majiang-core ${m(peer)}, ratio ${ratio.toFixed(1)}x`);
}
