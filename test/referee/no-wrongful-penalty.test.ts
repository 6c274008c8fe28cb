/**
 * No wrongful penalty (issue 20): for every chombo and dead hand the referee gives by itself, the
 * neighbouring case where it must NOT be given — a valid action right after the situation that
 * would have been the fault a moment earlier. Each test registers the rule IDs it is the
 * neighbour of; the last test reads the rule catalogue and fails for any automatic chombo or
 * dead-hand rule that has no neighbour here, so a new rule cannot be added without one.
 *
 * Also D3 (docs/REFEREE.md): a call naming another copy of a kind the seat holds is that kind.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@jantaku/shared/referee/catalogue';
import type { RuleId } from '@jantaku/shared/referee/ids';
import { Referee } from '@jantaku/shared/referee/referee';
import { makeRuleset, type Ruleset } from '@jantaku/shared/rules/index';
import type { Command, Seat } from '@jantaku/shared/game/types';
import { refereeScenario, refPassClaims, refPlay, refTsumogiri, refTsumogiriUntil, tileOf, tilesOf, type Scenario } from '../support/scenario';

const covered = new Set<string>();
/** A test that is the neighbour case of `rules`: the fault must not be given. */
function neighbour(rules: RuleId[], title: string, fn: () => void): void {
  for (const r of rules) covered.add(r);
  it(`${rules.join(', ')}: ${title}`, fn);
}

/** The referee must have recorded no fault at all, and nobody is dead. */
function expectClean(ref: Referee): void {
  expect(ref.faults).toEqual([]);
  expect(ref.game.penalties).toEqual([]);
  if (ref.game.inHand) expect(ref.game.seats.map((s) => s.deadHand)).toEqual([false, false, false, false]);
}

/** A message that must be accepted with no fault. */
function clean(ref: Referee, seat: Seat, c: Command): void {
  const r = ref.apply(seat, c);
  if (!r.ok) throw new Error(`seat ${seat} ${c.type} refused: ${r.refusal.code} ${r.refusal.reason}`);
  expect(r.fault).toBeUndefined();
  expect(r.events.filter((e) => e.type === 'fault')).toEqual([]);
}

/*
 * Seat 0 and seat 3 noten; seat 1 waits on 1z/5z (shanpon, yakuhai both), seat 2 on 6z/7z.
 * (The deal of test/referee/faults-wrc.test.ts.)
 */
const HAIPAI: Scenario['haipai'] = ['147m258p369s1234z', '123m456p789s1155z', '234m567p678s6677z', '147m258p369s2345z'];
const WSOM_CLAIMS = makeRuleset('wrc2015', { wsom: { count: false, claims: true } });
const BOOKS: [string, Ruleset | string][] = [['wrc2015', 'wrc2015'], ['ema2012', 'ema2012'], ['russian', 'russian'], ['wrc2015+WSOM claims', WSOM_CLAIMS]];

describe('false wins: a win right after the furiten has ended', () => {
  // Seat 1 lets seat 3's 5z pass: temporarily furiten, so seat 0's 1z right after may not be won
  // (that ron would be the fault). Seat 1 then draws, which ends it, and rons seat 3's next 1z.
  const toRon = (rules: Ruleset | string) => {
    const ref = refereeScenario({ rules, haipai: HAIPAI, draws: ['9m9m', '9p9p', '1s1s', '8m1z'] });
    const g = ref.game;
    refTsumogiri(ref);
    refTsumogiri(ref);
    refTsumogiri(ref);
    refPlay(ref, [3, { type: 'discard', tile: tileOf(g, 3, '5z') }]);
    refPassClaims(ref);
    expect(g.seats[1].furitenTemp).toBe(true);
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '1z') }]);
    expect(g.check(1, { type: 'ron' })).toMatchObject({ code: 'FURITEN' });
    refPassClaims(ref);
    expect(g.turn).toBe(1);
    expect(g.seats[1].furitenTemp).toBe(false);
    refTsumogiri(ref);
    refTsumogiri(ref);
    refPlay(ref, [3, { type: 'discard', tile: tileOf(g, 3, '1z') }]);
    return ref;
  };
  for (const [name, rules] of BOOKS) {
    for (const reveal of [true, false]) {
      const ids: RuleId[] = reveal ? ['WRC-F-FALSE-WIN-REVEALED', 'EMA12-CHOMBO-FALSE-WIN', 'RUS-CHOMBO-F', 'RUS-CHOMBO-G', 'WSOM-COUNT-NO-WIN'] : ['WRC-F-FALSE-WIN-HIDDEN', 'RUS-DEAD-H'];
      neighbour(ids, `under ${name}, a ron (reveal ${reveal}) after the temporary furiten ended with the draw is a valid win`, () => {
        const ref = toRon(rules);
        clean(ref, 1, { type: 'ron', reveal });
        refPassClaims(ref);
        expectClean(ref);
        expect(ref.game.lastResult).toMatchObject({ kind: 'win', wins: [{ winner: 1, from: 3 }] });
      });
    }
  }
});

describe('dead hands last one hand: the next hand the seat claims and wins as any other', () => {
  // Seat 2 chiis seat 0's 4m (seat 0 is not on its left): a dead hand under EMA 2012. The hand
  // plays out; in the next deal (the same tiles, seat 1 deals) seat 2 rons seat 1's first discard.
  neighbour(['EMA12-DEAD-INVALID-MELD', 'EMA12-CHOMBO-CLAIM-DEAD'], 'under ema2012 a seat dead in one hand rons validly in the next', () => {
    const ref = refereeScenario({ rules: 'ema2012', haipai: HAIPAI, draws: ['4m', '6z', '1s', '8m'] });
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }]);
    const r = ref.apply(2, { type: 'chii', tiles: tilesOf(g, 2, '23m') as [number, number] });
    expect(r.ok && r.fault?.rule).toBe('EMA12-DEAD-INVALID-MELD');
    expect(g.seats[2].deadHand).toBe(true);
    refPassClaims(ref);
    refTsumogiriUntil(ref);
    expect(g.phase).toBe('handEnded');
    ref.nextHand();
    const before = ref.faults.length;
    expect(g.seats[2].deadHand).toBe(false);
    expect(g.dealer).toBe(1);
    refPlay(ref, [1, { type: 'discard', tile: tileOf(g, 1, '6z') }]);
    clean(ref, 2, { type: 'ron' });
    refPassClaims(ref);
    expect(ref.faults).toHaveLength(before);
    expect(g.lastResult).toMatchObject({ kind: 'win', wins: [{ winner: 2, from: 1 }] });
  });

  // Seat 0's 4m: a chii by seat 2 (across) is invalid, the same chii by seat 1 (on its left) is valid.
  neighbour(['EMA12-DEAD-INVALID-MELD'], 'under ema2012 a chii from the player on the left is valid', () => {
    const ref = refereeScenario({ rules: 'ema2012', haipai: HAIPAI, draws: ['4m', '', '', ''] });
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }]);
    expect(g.check(2, { type: 'chii', tiles: tilesOf(g, 2, '23m') as [number, number] })).not.toBeNull();
    clean(ref, 1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] });
    refPassClaims(ref);
    expect(g.seats[1].melds.map((m) => m.type)).toEqual(['chii']);
    expectClean(ref);
  });
});

describe('riichi', () => {
  // Seat 1 is tenpai from the deal: a riichi on it stays unpunished to the exhaustive draw.
  for (const [name, rules] of BOOKS) {
    neighbour(['WRC-F-RIICHI-NOTEN', 'EMA12-CHOMBO-NOTEN-RIICHI', 'RUS-CHOMBO-C'], `under ${name}, a riichi on a tenpai hand is no chombo at the exhaustive draw`, () => {
      const ref = refereeScenario({ rules, haipai: HAIPAI, draws: ['9m', '9p', '1s', '8m'] });
      const g = ref.game;
      refTsumogiri(ref);
      clean(ref, 1, { type: 'riichi', tile: tileOf(g, 1, '9p') });
      refPassClaims(ref);
      refTsumogiriUntil(ref);
      expect(g.lastResult).toMatchObject({ kind: 'draw', draw: 'exhaustive' });
      expect(g.lastResult!.tenpai).toContain(1);
      expectClean(ref);
    });
  }

  // Seat 1 waits on 1m-4m with 555z; in riichi it draws the fourth 5z: a concealed kan that keeps
  // the waits (a moment earlier, a kan on 1m would have changed them).
  const KAN_OK: Scenario['haipai'] = ['147m258p369s1234z', '23m456p789s555z11s', '234m567p678s6677z', '147m258p369s2346z'];
  for (const [name, rules] of [['wrc2015', 'wrc2015'], ['ema2012', 'ema2012'], ['russian', 'russian']] as const) {
    neighbour(['WRC-F-RIICHI-BAD-ANKAN', 'EMA12-CHOMBO-BAD-ANKAN', 'RUS-CHOMBO-D'], `under ${name}, a concealed kan in riichi that keeps the waits is no fault`, () => {
      const ref = refereeScenario({ rules, haipai: KAN_OK, draws: ['9m9m', '9p5z', '1s1s', '8m8m'] });
      const g = ref.game;
      refTsumogiri(ref);
      clean(ref, 1, { type: 'riichi', tile: tileOf(g, 1, '9p') });
      refPassClaims(ref);
      refTsumogiriUntil(ref, (x) => x.turn === 1);
      clean(ref, 1, { type: 'ankan', tile: tileOf(g, 1, '5z') });
      refPassClaims(ref);
      expect(g.seats[1].melds.map((m) => m.type)).toEqual(['ankan']);
      refTsumogiriUntil(ref);
      expect(g.lastResult!.kind).toBe('draw');
      expectClean(ref);
    });
  }

  // In riichi the drawn tile is discarded, though the hand holds the same kind (a moment later,
  // discarding the hand's copy instead would change the hand).
  neighbour(['RUS-CHOMBO-E'], 'under russian, in riichi discarding the drawn tile is no fault', () => {
    const ref = refereeScenario({ rules: 'russian', haipai: HAIPAI, draws: ['9m', '9p2m', '1s', '8m'] });
    const g = ref.game;
    refTsumogiri(ref);
    clean(ref, 1, { type: 'riichi', tile: tileOf(g, 1, '9p') });
    refPassClaims(ref);
    refTsumogiriUntil(ref, (x) => x.turn === 1);
    const drawn = g.seats[1].drawn!;
    expect(drawn >> 2).toBe(tileOf(g, 1, '2m') >> 2);
    clean(ref, 1, { type: 'discard', tile: drawn });
    expectClean(ref);
  });

  // A riichi withdrawn after the ruleset's limit is refused, not a dead hand.
  neighbour(['RUS-DEAD-G'], 'under russian, withdrawing a riichi after the limit is refused and the hand stays live', () => {
    const ref = refereeScenario({ rules: 'russian', haipai: HAIPAI, draws: ['9m', '9p', '1s', '8m'] });
    const g = ref.game;
    refTsumogiri(ref);
    const r = ref.apply(1, { type: 'riichi', tile: tileOf(g, 1, '9p') }, undefined, 1000);
    expect(r.ok && r.fault).toBeFalsy();
    const late = ref.apply(1, { type: 'retractRiichi' }, undefined, 1000 + ref.rules.riichiRetractMs! + 1);
    expect(late).toMatchObject({ ok: false, refusal: { code: 'BAD_COMMAND' } });
    expect(g.seats[1].riichi).not.toBe('none');
    expectClean(ref);
  });
});

describe('calls', () => {
  // Seat 1 chiis 4m with 2m3m and discards 9s, not the swap tile 1m.
  neighbour(['WRC-F-KUIKAE'], 'under wrc2015, after a chii a discard that is no swap is no fault', () => {
    const ref = refereeScenario({ rules: 'wrc2015', haipai: HAIPAI, draws: ['4m', '', '', ''] });
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }]);
    clean(ref, 1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] });
    refPassClaims(ref);
    clean(ref, 1, { type: 'discard', tile: tileOf(g, 1, '9s') });
    expectClean(ref);
  });

  // A first warning is only a warning: the seat's next valid discard stands and the hand is live.
  neighbour(['RUS-WARN-SECOND-IS-DEAD'], 'under russian, one warning (a swap-call discard) leaves the hand live', () => {
    const ref = refereeScenario({ rules: 'russian', haipai: HAIPAI, draws: ['4m', '', '', ''] });
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '4m') }]);
    clean(ref, 1, { type: 'chii', tiles: tilesOf(g, 1, '23m') as [number, number] });
    refPassClaims(ref);
    const r = ref.apply(1, { type: 'discard', tile: tileOf(g, 1, '1m') });
    expect(r.ok && r.fault).toMatchObject({ rule: 'RUS-WARN', penalty: { kind: 'warning' } });
    clean(ref, 1, { type: 'discard', tile: tileOf(g, 1, '9s') });
    expect(ref.warnings[1]).toBe(1);
    expect(g.seats[1].deadHand).toBe(false);
  });

  neighbour(['RUS-CHOMBO-H'], 'under russian, nine different terminals and honours on the first draw is a valid abortive draw', () => {
    const ref = refereeScenario({ rules: 'russian', haipai: ['19m19p19s1234z258m', HAIPAI[1], HAIPAI[2], HAIPAI[3]], draws: ['5z', '', '', ''] });
    clean(ref, 0, { type: 'kyuushu' });
    expect(ref.game.lastResult).toMatchObject({ kind: 'draw', draw: 'nineTerminals' });
    expectClean(ref);
  });
});

describe('D3: a call naming another copy of a kind the seat holds is that kind', () => {
  // Seat 0 throws 6z; seat 2 holds two 6z and pons naming the copies it does not hold.
  const others = (ref: Referee, seat: Seat, kindOfTile: number) =>
    [0, 1, 2, 3].map((i) => (kindOfTile & ~3) + i).filter((t) => !ref.game.seats[seat].hand.includes(t) && t !== ref.game.claimTile);
  for (const [name, rules] of [...BOOKS, ['tenhou', 'tenhou'] as [string, string]]) {
    it(`WRC-F-FALSE-CALL-MELD: under ${name}, a pon naming other copies of a held kind is made, no fault`, () => {
      const ref = refereeScenario({ rules, haipai: ['147m258p369s1236z', HAIPAI[1], HAIPAI[2], '147m258p369s2345z'], draws: ['9m', '', '', ''] });
      const g = ref.game;
      const sixZ = tileOf(g, 0, '6z');
      refPlay(ref, [0, { type: 'discard', tile: sixZ }]);
      const named = others(ref, 2, g.claimTile!);
      expect(named).toHaveLength(1);
      const pon: Command = { type: 'pon', tiles: [named[0], tileOf(g, 2, '6z')] };
      if (g.rules.foulPolicy === 'prevent') expect(ref.apply(2, pon)).toMatchObject({ ok: true });
      else clean(ref, 2, pon);
      refPassClaims(ref);
      expect(g.seats[2].melds).toEqual([expect.objectContaining({ type: 'pon', from: 0 })]);
      expect(g.seats[2].melds[0].tiles.map((t) => t >> 2)).toEqual([sixZ >> 2, sixZ >> 2, sixZ >> 2]);
      expect(g.seats[2].hand.some((t) => t >> 2 === sixZ >> 2)).toBe(false);
      expectClean(ref);
    });
  }

  it('WRC-F-FALSE-CALL-MELD: under ema2012 (red fives), a chii naming a plain five is made with the red five the seat holds', () => {
    // Seat 1 holds 4p and a red 5p (no plain 5p) and chiis seat 0's 6p naming a plain 5p.
    const ref = refereeScenario({ rules: 'ema2012', haipai: ['6p147m258p39s1234z', '4p0p9p123m789s1155z', HAIPAI[2], HAIPAI[3]], draws: ['9m', '', '', ''] });
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '6p') }]);
    const red = tileOf(g, 1, '0p');
    expect(red % 4).toBe(0);
    clean(ref, 1, { type: 'chii', tiles: [tileOf(g, 1, '4p'), red + 1] });
    refPassClaims(ref);
    expect(g.seats[1].melds[0].tiles).toContain(red);
    expectClean(ref);
  });

  it('WRC-F-FALSE-CALL-MELD: a pon naming a kind the seat does not hold is still a false call', () => {
    const ref = refereeScenario({ rules: 'wrc2015', haipai: HAIPAI, draws: ['9m', '', '', ''] });
    const g = ref.game;
    refPlay(ref, [0, { type: 'discard', tile: tileOf(g, 0, '9m') }]);
    const nines = [0, 1, 2, 3].map((i) => (g.claimTile! & ~3) + i).filter((t) => t !== g.claimTile).slice(0, 2) as [number, number];
    const r = ref.apply(2, { type: 'pon', tiles: nines });
    expect(r.ok && r.fault?.rule).toBe('WRC-F-FALSE-CALL-MELD');
  });
});

describe('players who draw for themselves: the draw and discard right after the window closes', () => {
  const cases: [RuleId[], string, Ruleset][] = [
    [['WRC-F-WRONG-COUNT'], 'wrc2015', makeRuleset('wrc2015', { clientDraws: true })],
    [['EMA12-DEAD-TILE-COUNT'], 'ema2012', makeRuleset('ema2012', { clientDraws: true })],
    [['RUS-DEAD-B', 'RUS-DEAD-C', 'RUS-DEAD-E'], 'russian', makeRuleset('russian', { clientDraws: true })],
    [['WSOM-LONG', 'WSOM-SHORT', 'WSOM-COUNT-NO-WIN'], 'ema2012 + WSOM', makeRuleset('ema2012', { clientDraws: true, wsom: { count: true, claims: true } })],
  ];
  for (const [ids, name, rules] of cases) {
    neighbour(ids, `under ${name}, each seat's draw as soon as the previous discard's window closes, and its discard after it, are no fault`, () => {
      const ref = new Referee({ rules, seed: `neighbour-${name}` });
      const g = ref.game;
      for (let turn = 0; turn < 8; turn++) {
        const seat = g.turn;
        clean(ref, seat, { type: 'draw' });
        clean(ref, seat, { type: 'discard', tile: g.seats[seat].drawn! });
        refPassClaims(ref);
        if (g.phase !== 'draw') break;
        expect(g.turn).toBe(((seat + 1) % 4) as Seat);
      }
      expect(g.seats.map((s) => s.discards.length).reduce((a, b) => a + b)).toBe(8);
      expectClean(ref);
    });
  }
});

/**
 * Rules whose penalty is a chombo or a dead hand but that name no situation of their own:
 * the penalty's definition, whose situations are the rules above.
 */
const DEFINITIONS: Partial<Record<RuleId, string>> = {
  'WRC-P-DEAD': 'the dead-hand penalty itself (WRC-F-* rows give it)',
  'WRC-P-CHOMBO': 'the chombo penalty itself (WRC-F-* rows give it)',
  'EMA12-CHOMBO-REDEAL': 'the redeal after any chombo',
  'EMA12-CHOMBO-PAY': 'the chombo payment',
  'EMA12-DEAD': 'the dead-hand penalty itself (EMA12-DEAD-LIST cases give it)',
};

describe('every automatic chombo and dead hand has its neighbour case', () => {
  it('RULE-CATALOGUE: each online, automatically judged rule with a chombo or dead-hand penalty (not a heading) is covered above or is a penalty definition', () => {
    const automatic = (Object.entries(CATALOGUE) as [RuleId, (typeof CATALOGUE)[RuleId]][])
      .filter(([, e]) => e.online && !e.cases && (e.penalty?.kind === 'chombo' || e.penalty?.kind === 'deadHand') && e.detect.some((d) => d !== 'referee'))
      .map(([id]) => id);
    expect(automatic.length).toBeGreaterThan(20);
    const missing = automatic.filter((id) => !covered.has(id) && !DEFINITIONS[id]);
    expect(missing).toEqual([]);
    // No stale entry: every definition listed is still such a rule.
    for (const id of Object.keys(DEFINITIONS)) expect(automatic).toContain(id);
  });
});
