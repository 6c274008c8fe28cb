/**
 * The whole benchmark in one run (npm run bench): shanten, scoring and whole hanchans, ours
 * against @kobalab/majiang-core. Prints a table, then as its last line one JSON object:
 * {"shantenRatio", "scoringRatio", "hanchansPerMinute" (ours, efficiency bots: the realistic
 * figure), "hanchansPerMinuteTsumogiri", "hanchanRatio" (ours/majiang-core, tsumogiri players,
 * by CPU time; scripts/bench/hanchan.ts says what each side does per step)}.
 */
import { benchShanten } from './bench/shanten';
import { benchScoring } from './bench/scoring';
import { benchHanchan } from './bench/hanchan';

const t0 = performance.now();
const shanten = await benchShanten();
const scoring = await benchScoring();
const hanchan = await benchHanchan();
const seconds = (performance.now() - t0) / 1000;

const fmt = (x: number) => (x >= 1000 ? Math.round(x).toLocaleString('en') : x.toFixed(1));
const times = (r: number) => `${r.toFixed(r >= 10 ? 1 : 2)}x`;
const round2 = (x: number) => Math.round(x * 100) / 100;
const rows: [string, string, string, string][] = [
  ['benchmark', 'ours', 'majiang-core', 'ratio'],
  ['shanten (hands/s)', fmt(shanten.ours), fmt(shanten.peer), times(shanten.ratio)],
  ['scoring (wins/s)', fmt(scoring.ours), fmt(scoring.peer), times(scoring.ratio)],
  ['hanchan, tsumogiri players (games/CPU s)', fmt(hanchan.ours), fmt(hanchan.peer), times(hanchan.ratio)],
  ['hanchan, efficiency bots (games/CPU s)', fmt(hanchan.oursEfficiency), '-', '-'],
];
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
console.log(line(rows[0]));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows.slice(1)) console.log(line(r));
console.log();
const perMinute = (perSecond: number) => Math.round(perSecond * 60);
console.log(`hanchan ratio by wall clock: ${times(hanchan.wallRatio)}; hands per game: ours ${hanchan.handsPerGame.ours}, majiang-core ${hanchan.handsPerGame.peer}`);
console.log(`hanchans per minute, one core: ${perMinute(hanchan.ours)} with tsumogiri bots, ${perMinute(hanchan.oursEfficiency)} with efficiency bots`);
console.log(`(benchmark took ${seconds.toFixed(0)} s)`);
console.log(
  JSON.stringify({
    shantenRatio: round2(shanten.ratio),
    scoringRatio: round2(scoring.ratio),
    hanchansPerMinute: perMinute(hanchan.oursEfficiency),
    hanchansPerMinuteTsumogiri: perMinute(hanchan.ours),
    hanchanRatio: round2(hanchan.ratio),
  }),
);
