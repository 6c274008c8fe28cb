import { describe, expect, it } from 'vitest';
import { parseKinds, parseTiles } from '@jantaku/shared/tiles/index';
import { discardWaits, doraKinds, FRESH, furitenKinds, observeFuriten, visibleCounts, waitsOf, type SeenTable } from '../../web/src/waits';

type Seat = SeenTable['seats'][number];
const seat = (discards: string = '', o: Partial<Seat> = {}): Seat => ({
  discards: parseTiles(discards).map((tile) => ({ tile, called: false })),
  melds: [],
  riichi: false,
  ...o,
});
const table = (seats: Seat[], dora = '', hands = 1): SeenTable => ({ hands, doraIndicators: parseTiles(dora), seats });
/** Tiles for a pond without clashing ids with `used`. */
const ids = (s: string, used: Set<number>) => parseTiles(s, used);

/** The page's own computation of waits, unseen copies and furiten (web/src/waits.ts), without a browser. */
describe('play information', () => {
  it('a tenpai hand shows its waits with 4 minus the copies this seat can see', () => {
    const used = new Set<number>();
    expect(waitsOf(parseTiles('123m456p789s2345z'), [], new Uint8Array(34))).toEqual([]);
    // 23m 444m 456p 789s 11z: 1m-4m two-sided, 4m-1z shanpon.
    const hand = ids('23m444m456p789s11z', used);
    const t = table([seat(), seat(), seat(), seat()]);
    t.seats = [ids('1m', used), ids('1m1z', used), [], []].map((p) => ({ discards: p.map((tile) => ({ tile, called: false })), melds: [], riichi: false }));
    t.doraIndicators = ids('9p', used);
    const visible = visibleCounts(t, hand);
    expect(waitsOf(hand, [], visible)).toEqual([
      { kind: parseKinds('1m')[0], unseen: 2 },
      { kind: parseKinds('4m')[0], unseen: 1 },
      { kind: parseKinds('1z')[0], unseen: 1 },
    ]);
    expect(visible[parseKinds('9p')[0]]).toBe(1);
  });

  it('a called discard is counted once (in the meld), and melds count for waits and held tiles', () => {
    const used = new Set<number>();
    const pon = ids('777z', used);
    const called = pon[0];
    const caller = seat('', { melds: [{ tiles: pon, addedTile: -1 }] });
    const discarder: Seat = { discards: [{ tile: called, called: true }], melds: [], riichi: false };
    const hand = ids('123m456p78s11z', used).slice(0, 10);
    const t = table([caller, discarder, seat(), seat()]);
    const visible = visibleCounts(t, hand);
    expect(visible[parseKinds('7z')[0]]).toBe(3);
    expect(waitsOf(hand, caller.melds ?? [], visible).map((w) => w.kind)).toEqual(parseKinds('69s'));
  });

  it('on its turn each discard that keeps tenpai is listed with the waits it leaves', () => {
    const hand = parseTiles('123456789m1234p9s');
    const opts = discardWaits(hand, [], new Uint8Array(34));
    const byKind = new Map([...opts].map(([t, w]) => [t >> 2, w.map((x) => x.kind)]));
    expect([...byKind.keys()].sort((a, b) => a - b)).toEqual(parseKinds('1p4p9s'));
    // Out with 1p or 4p: a tanki on 9s; out with 9s: 1p-4p.
    expect(byKind.get(parseKinds('1p')[0])).toEqual(parseKinds('9s'));
    expect(byKind.get(parseKinds('4p')[0])).toEqual(parseKinds('9s'));
    expect(byKind.get(parseKinds('9s')[0])).toEqual(parseKinds('1p4p'));
    expect(opts.has(hand[0])).toBe(false);
  });

  it('dora kinds follow the indicators', () => {
    expect([...doraKinds(parseTiles('9m4z7z'))]).toEqual(parseKinds('1m1z5z'));
  });

  it('furiten: own discards; a wait let pass until the draw; a wait let pass in riichi for the hand', () => {
    const used = new Set<number>();
    const hand = ids('123456789m1234p', used);
    expect(waitsOf(hand, [], new Uint8Array(34)).map((w) => w.kind)).toEqual(parseKinds('1p4p'));
    const four = ids('4p', used)[0];
    const other = ids('9s', used)[0];
    const mk = (own: number[], others: number[], riichi = false, hands = 1): SeenTable => ({
      hands,
      doraIndicators: [],
      seats: [
        { discards: own.map((tile) => ({ tile, called: false })), melds: [], riichi },
        { discards: others.map((tile) => ({ tile, called: false })), melds: [], riichi: false },
        seat(),
        seat(),
      ],
    });
    let m = observeFuriten(FRESH, mk([], []), 0, hand, -1);
    expect(furitenKinds(m, mk([], []), 0)).toEqual([]);
    // Another seat lets a 4p go: temporary furiten.
    m = observeFuriten(m, mk([], [four]), 0, hand, -1);
    expect(furitenKinds(m, mk([], [four]), 0)).toEqual(['temporary']);
    // The seat draws: it ends.
    const drawn = ids('9p', used)[0];
    m = observeFuriten(m, mk([], [four]), 0, [...hand, drawn], drawn);
    expect(furitenKinds(m, mk([], [four]), 0)).toEqual([]);
    // It discards what it drew, declares riichi; a second 4p goes by: riichi furiten, which a draw does not end.
    const five = ids('4p', used)[0];
    m = observeFuriten(m, mk([drawn], [four], true), 0, hand, -1);
    m = observeFuriten(m, mk([drawn], [four, other, five], true), 0, hand, -1);
    expect(furitenKinds(m, mk([drawn], [four, other, five], true), 0)).toEqual(['temporary', 'riichi']);
    m = observeFuriten(m, mk([drawn], [four, other, five], true), 0, [...hand, other + 1], other + 1);
    expect(furitenKinds(m, mk([drawn], [four, other, five], true), 0)).toEqual(['riichi']);
    // A new hand starts clean; a wait in its own pond is furiten at once.
    const t2 = mk([four], [], false, 2);
    m = observeFuriten(m, t2, 0, hand, -1);
    expect(furitenKinds(m, t2, 0)).toEqual(['discard']);
  });

  it('a wait others let go before the seat saw its draw still counts in riichi', () => {
    const hand = parseTiles('123456789m1234p');
    const used = new Set(hand);
    const four = ids('4p', used)[0];
    const drawn = ids('1s', used)[0];
    const before: SeenTable = table([seat('', { riichi: true }), seat(), seat(), seat()]);
    let m = observeFuriten(FRESH, before, 0, hand, -1);
    const after: SeenTable = { ...before, seats: [before.seats[0], { discards: [{ tile: four, called: false }], melds: [], riichi: false }, seat(), seat()] };
    m = observeFuriten(m, after, 0, [...hand, drawn], drawn);
    expect(furitenKinds(m, after, 0)).toEqual(['riichi']);
  });

  it('a wait in an open claim window is not let pass yet; a call ends the temporary kind where the rules say so', () => {
    const hand = parseTiles('123456789m1234p');
    const used = new Set(hand);
    const four = ids('4p', used)[0];
    const pon = ids('111z', used);
    const base = table([seat(), seat(), seat(), seat()]);
    let m = observeFuriten(FRESH, base, 0, hand, -1);
    const open: SeenTable = { ...base, claimTile: four, claimFrom: 2, seats: [seat(), seat(), { discards: [{ tile: four, called: false }], melds: [], riichi: false }, seat()] };
    m = observeFuriten(m, open, 0, hand, -1);
    expect(furitenKinds(m, open, 0)).toEqual([]);
    const closed: SeenTable = { ...open, claimTile: -1, claimFrom: -1 };
    const after = observeFuriten(m, closed, 0, hand, -1);
    expect(furitenKinds(after, closed, 0)).toEqual(['temporary']);
    // Seat 3 pons an East seat 1 let go: under tempFuritenEndsOnCall that ends it.
    const called: SeenTable = {
      ...closed,
      seats: [seat(), { discards: [{ tile: pon[0], called: true }], melds: [], riichi: false }, closed.seats[2], { discards: [], melds: [{ tiles: pon, addedTile: -1, type: 'pon' }], riichi: false }],
    };
    expect(furitenKinds(observeFuriten(after, called, 0, hand, -1, { tempFuritenEndsOnCall: true }), called, 0)).toEqual([]);
    expect(furitenKinds(observeFuriten(after, called, 0, hand, -1), called, 0)).toEqual(['temporary']);
  });
});
