import assert from 'node:assert/strict';
import { scoreHand } from '@jantaku/shared';

// South (a non-dealer) wins by ron on 7s with riichi, pinfu and tanyao: 3 han 30 fu, 3,900.
// One honba (+300) and one riichi stick (+1,000) on the table; east dealt in (the default discarder).
const win = scoreHand({ hand: '234m567p23456s88p', winTile: '7s', riichi: true, honba: 1, riichiSticks: 1 });
assert.ok(win.ok);
assert.deepEqual([win.han, win.fu, win.points], [3, 30, 3900]);
assert.deepEqual(win.yaku.map((y) => y.name), ['Riichi', 'Pinfu', 'Tanyao']);
assert.deepEqual(win.deltas, [-4200, 5200, 0, 0]); // [east, south, west, north]

// Two dora (indicator 7p: the dora is 8p) make it mangan: 8,000.
const dora = scoreHand({ hand: '234m567p23456s88p', winTile: '7s', riichi: true, dora: '7p' });
assert.ok(dora.ok);
assert.deepEqual([dora.han, dora.limit, dora.points], [5, 'mangan', 8000]);

// The dealer (east) tsumo with melds in mpsz: a haku pon, 1 han 30 fu, 500 all.
const open = scoreHand({ hand: '234m67p345s11z', winTile: '8p', melds: [{ type: 'pon', tiles: '555z' }], seatWind: 'east', win: 'tsumo' });
assert.ok(open.ok);
assert.deepEqual(open.deltas, [1500, -500, -500, -500]);

// When a hand scores nothing, the reason says why.
const reason = (r: ReturnType<typeof scoreHand>) => (r.ok ? 'ok' : r.reason);
assert.equal(reason(scoreHand({ hand: '234m567p23456s89p', winTile: '7s' })), 'incomplete');
assert.equal(reason(scoreHand({ hand: '123m567p24567s99p', winTile: '3s' })), 'no-yaku');
assert.equal(reason(scoreHand({ hand: '234m567p23456s88p', winTile: '7s', riichi: true, discards: '4s' })), 'furiten');
assert.equal(reason(scoreHand({ hand: '234m567p23456s88p', winTile: '7s', ippatsu: true })), 'invalid-options');
assert.equal(reason(scoreHand({ hand: '22222m567p2345s8p', winTile: '7s' })), 'invalid-tiles');
