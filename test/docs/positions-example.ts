import assert from 'node:assert/strict';
import type { Seat } from '@jantaku/shared/game/types';
import { refereePosition, tileOf } from '@jantaku/shared/position';
import { furitenOf, handResults, pendingJudgements } from '@jantaku/shared/queries';

// Seat 2 waits on 1m-4m. Seat 1 holds three 6z; its second draw is the fourth, and the tile
// after it (its kan replacement) is 8s. Every other tile is filler.
const ref = refereePosition({
  rules: 'ema2012',
  haipai: ['7z147p258s3469m15z', '4m666z369m147s235z', '23m234p222s567s55p', '1m258p369s147m234z'],
  draws: ['9p8p', '9s6z8s', '9p', '8p'],
  dora: '1s',
});
const g = ref.game;
const seats: Seat[] = [0, 1, 2, 3];
const passAll = () => {
  while (g.phase === 'claims') ref.apply(seats.find((s) => g.legalActions(s).length > 0)!, { type: 'pass' });
};
const tsumogiri = () => {
  ref.apply(g.turn, { type: 'discard', tile: g.seats[g.turn].drawn! });
  passAll();
};

tsumogiri(); // seat 0
tsumogiri(); // seat 1
tsumogiri(); // seat 2
ref.apply(3, { type: 'discard', tile: tileOf(g, 3, '1m') });
passAll(); // seat 2 lets its winning tile pass
assert.deepEqual(furitenOf(g, 2), { furiten: true, kinds: ['temporary'], waits: [0, 3] });

tsumogiri(); // seat 0
ref.apply(1, { type: 'ankan', tile: tileOf(g, 1, '6z') }); // under EMA 2012 any kan ends it
assert.equal(furitenOf(g, 2).furiten, false);
ref.apply(1, { type: 'discard', tile: tileOf(g, 1, '4m') });
ref.apply(2, { type: 'ron' });
passAll();

ref.nextHand(); // seat 1 deals the same tiles again
const [first] = handResults(g); // the first hand's result stays readable
assert.equal(first.result.wins[0].winner, 2);

// A riichi on a hand that is not tenpai looks like any riichi to the table: judged at the end.
ref.apply(1, { type: 'riichi', tile: g.seats[1].drawn! });
assert.deepEqual(pendingJudgements(ref), [{ seat: 1, rule: 'EMA12-CHOMBO-NOTEN-RIICHI', when: 'handEnd' }]);
