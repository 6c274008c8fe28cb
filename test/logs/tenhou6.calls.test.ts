import { describe, expect, it } from 'vitest';
import {
  parseTenhou6, serializeTenhou6, type RelativeSeat, type Tenhou6Hand, type Tile,
} from '@jantaku/shared/logs/tenhou6';
import { decodeCall, decodeKan, encodeCall, encodeKan } from '@jantaku/shared/logs/tenhou6Calls';
import { tileFromCode } from '@jantaku/shared/logs/tenhou6Tiles';
import { corpusFiles } from './tenhou6Corpus';

const t = (code: number): Tile => tileFromCode(code)!;
const hands = corpusFiles().flatMap((f) => parseTenhou6(f.text, f.name).hands.map((h) => ({ file: f.name, h })));

type SeatOf = (caller: number, from: RelativeSeat) => number;
/** Tenhou's meaning: 1 = kamicha (the seat before), 2 = toimen, 3 = shimocha (the seat after). */
const tenhouSeat: SeatOf = (caller, from) => (caller + 4 - from) % 4;
const mirroredSeat: SeatOf = (caller, from) => (caller + from) % 4;

/**
 * Plays the hand's draw and discard lists in turn order, deciding who calls each discard by
 * backtracking; a call must take exactly the discarded tile from the seat `seatOf` names.
 * True if every entry of every list is used and a win ends on its dealer-in (or tsumo) seat.
 */
function replays(h: Tenhou6Hand, seatOf: SeatOf): boolean {
  const drawn = [0, 0, 0, 0];
  const discarded = [0, 0, 0, 0];
  const lastActor = h.result.type === 'win' ? h.result.wins[0].from : null;
  const done = (seat: number) => (lastActor === null || seat === lastActor)
    && [0, 1, 2, 3].every((s) => drawn[s] === h.draws[s].length && discarded[s] === h.discards[s].length);
  const same = (a: Tile, b: Tile) => a.kind === b.kind && a.red === b.red;

  function take(seat: number, claim: { tile: Tile; discarder: number } | null): boolean {
    const d = h.draws[seat][drawn[seat]];
    if (!d) return false;
    if (claim ? d.type === 'draw' || !same(d.tile, claim.tile) || seatOf(seat, d.from) !== claim.discarder : d.type !== 'draw') {
      return false;
    }
    drawn[seat]++;
    if (act(seat)) return true;
    drawn[seat]--;
    return false;
  }
  function act(seat: number): boolean {
    if (done(seat)) return true;
    const x = h.discards[seat][discarded[seat]];
    if (!x) return false;
    discarded[seat]++;
    const ok = done(seat) || (x.type === 'discard'
      ? [1, 2, 3].some((k) => take((seat + k) % 4, { tile: x.tile, discarder: seat })) || take((seat + 1) % 4, null)
      : take(seat, null)); // kans draw from the dead wall
    if (!ok) discarded[seat]--;
    return ok;
  }
  return take(h.round % 4, null);
}

const hasCalls = (h: Tenhou6Hand, froms: RelativeSeat[]) =>
  h.draws.some((ds) => ds.some((d) => d.type !== 'draw' && froms.includes(d.from)))
  || h.discards.some((ds) => ds.some((d) => d.type === 'shouminkan' && froms.includes(d.pon.from)));

describe('tenhou6 call strings', () => {
  it('decodes the letter position as the source seat', () => {
    expect(decodeCall('p434343')).toEqual({ ok: true, value: { type: 'pon', tile: t(43), own: [t(43), t(43)], from: 1 } });
    expect(decodeCall('45p4545')).toEqual({ ok: true, value: { type: 'pon', tile: t(45), own: [t(45), t(45)], from: 2 } });
    expect(decodeCall('4242p42')).toEqual({ ok: true, value: { type: 'pon', tile: t(42), own: [t(42), t(42)], from: 3 } });
    expect(decodeCall('c365337')).toEqual({ ok: true, value: { type: 'chii', tile: t(36), own: [t(53), t(37)], from: 1 } });
    expect(decodeCall('m39393939')).toMatchObject({ value: { type: 'daiminkan', from: 1 } });
    expect(decodeCall('26m262626')).toMatchObject({ value: { type: 'daiminkan', from: 2 } });
    expect(decodeCall('252552m25')).toEqual({
      ok: true, value: { type: 'daiminkan', tile: t(25), own: [t(25), t(25), t(52)], from: 3 },
    });
    expect(decodeKan('151515a51')).toEqual({ ok: true, value: { type: 'ankan', tiles: [t(15), t(15), t(15), t(51)] } });
    expect(decodeKan('k51151515')).toEqual({
      ok: true, value: { type: 'shouminkan', tile: t(51), pon: { tile: t(15), own: [t(15), t(15)], from: 1 } },
    });
    expect(decodeKan('29k292929')).toMatchObject({ value: { pon: { from: 2 } } });
    expect(decodeKan('3636k3636')).toMatchObject({ value: { pon: { from: 3 } } });
  });

  it('refuses call strings Tenhou does not write', () => {
    for (const s of ['p4343', '43p43p43', 'c131514p', 'x131415', '4343m4343', 'c1314', '13c1415', 'c131516', 'p434342',
      'c414243', 'c181920', 'p4343431', 'P434343', 'p4343 43', 'p515151', 'a15151515', '15a151515', 'k4343', 'k4343434343']) {
      const r = /[akr]/.test(s) ? decodeKan(s) : decodeCall(s);
      expect(r.ok, s).toBe(false);
    }
  });

  it('encodes every corpus call back to its string', () => {
    let n = 0;
    for (const { h } of hands) {
      for (const d of h.draws.flat()) if (d.type !== 'draw') expect(decodeCall(encodeCall(d))).toEqual({ ok: true, value: d }), n++;
      for (const d of h.discards.flat()) if (d.type === 'ankan' || d.type === 'shouminkan') expect(decodeKan(encodeKan(d))).toEqual({ ok: true, value: d }), n++;
    }
    expect(n).toBeGreaterThan(700);
  });

  it('replays every corpus hand with from = 1 kamicha, 2 toimen, 3 shimocha', () => {
    const failed = hands.filter(({ h }) => !replays(h, tenhouSeat)).map(({ file, h }) => `${file} ${h.round}-${h.honba}`);
    expect(failed).toEqual([]);
  });

  it('does not replay with kamicha and shimocha swapped', () => {
    const sided = hands.filter(({ h }) => hasCalls(h, [1, 3]));
    expect(sided.length).toBeGreaterThan(150);
    expect(sided.filter(({ h }) => replays(h, mirroredSeat)).map(({ file }) => file)).toEqual([]);
  });

  it("a shouminkan's string repeats its pon's letter position and tiles", () => {
    let n = 0;
    for (const { h } of hands) {
      h.discards.forEach((ds, s) => ds.forEach((d, i) => {
        if (d.type !== 'shouminkan') return;
        const pons = h.draws[s].slice(0, i).filter((c) => c.type === 'pon');
        expect(pons).toContainEqual({ type: 'pon', ...d.pon });
        n++;
      }));
    }
    expect(n).toBe(26);
  });

  it('tsumogiri takes the tile drawn in the same slot and is written back as 60', () => {
    const { h } = hands.find(({ file }) => file.startsWith('games/2010081709'))!;
    const d = h.discards[0][5];
    expect(d).toEqual({ type: 'discard', tile: t(43), tsumogiri: true, riichi: false });
    expect(h.draws[0][5]).toEqual({ type: 'draw', tile: t(43) });
    const riichi = h.discards[2][12];
    expect(riichi).toEqual({ type: 'discard', tile: t(24), tsumogiri: false, riichi: true });
  });

  it('a daiminkan slot holds 0 and the rinshan draw and discard take the next slot', () => {
    const withKan = hands.flatMap(({ h }) => [0, 1, 2, 3].flatMap((s) =>
      h.draws[s].flatMap((d, i) => (d.type === 'daiminkan' ? [{ h, s, i }] : []))));
    expect(withKan.length).toBe(6);
    for (const { h, s, i } of withKan) {
      expect(h.discards[s][i]).toEqual({ type: 'daiminkanSkip' });
      expect(h.draws[s][i + 1].type).toBe('draw');
      const json = JSON.parse(serializeTenhou6({ names: ['a', 'b', 'c', 'd'], rule: {}, hands: [h], extra: {} }));
      expect(json.log[0][6 + 3 * s][i]).toBe(0);
    }
  });
});
