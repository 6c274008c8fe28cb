import { tenhou } from '@jantaku/shared/rules/shipped';
import { scoreWin } from '@jantaku/shared/scoring/score';
import { corpusWins } from '../../test/scoring/corpus';
import { randomWin, rng } from '../../test/scoring/gen';
const r = rng(7);
const inputs = corpusWins().map((w) => w.input);
while (inputs.length < 3284) { const w = randomWin(r); if (scoreWin(w, tenhou)) inputs.push(w); }
let s = 0;
const t0 = performance.now();
for (let k = 0; k < 400; k++) for (let i = 0; i < inputs.length; i++) s += scoreWin(inputs[i], tenhou)!.payment.total;
console.log((400 * inputs.length / (performance.now() - t0) * 1000) | 0, '/s', s);
