import { describe, expect, it } from 'vitest';
import {
  makeRuleset,
  parseRuleset,
  RulesetError,
  RulesetSchema,
  SHIPPED_RULESETS,
} from '@jantaku/shared/rules/index';

const NAMES = Object.keys(SHIPPED_RULESETS) as (keyof typeof SHIPPED_RULESETS)[];

/** The RulesetError thrown by `f`, or a failed test if it throws nothing or something else. */
function rulesetError(f: () => unknown): RulesetError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RulesetError);
    return e as RulesetError;
  }
  throw new Error('expected a RulesetError, nothing was thrown');
}

/** The reasons given for one field. */
const reasonsFor = (e: RulesetError, field: string) => e.issues.filter((i) => i.field === field).map((i) => i.reason);

describe('shipped rulesets validate', () => {
  it('ships exactly tenhou, wrc2015, ema2012, ema2016 and russian, and the presets mleague, majsoul, riichicity and wrc2022', () => {
    expect(NAMES.sort()).toEqual(['ema2012', 'ema2016', 'majsoul', 'mleague', 'riichicity', 'russian', 'tenhou', 'wrc2015', 'wrc2022']);
  });

  it.each(NAMES)('%s passes the schema unchanged (nothing stripped, nothing defaulted)', (name) => {
    const shipped = SHIPPED_RULESETS[name];
    expect(RulesetSchema.safeParse(shipped).success).toBe(true);
    expect(parseRuleset(shipped)).toEqual(shipped);
  });

  it.each(NAMES)('%s carries its own name', (name) => {
    expect(SHIPPED_RULESETS[name].name).toBe(name);
  });

  it.each(NAMES)('%s survives a JSON round trip (rulesets are stored with each game)', (name) => {
    const shipped = SHIPPED_RULESETS[name];
    expect(parseRuleset(JSON.parse(JSON.stringify(shipped)))).toEqual(shipped);
  });

  it.each(NAMES)('makeRuleset("%s") without overrides is the shipped ruleset, as a copy', (name) => {
    const made = makeRuleset(name);
    expect(made).toEqual(SHIPPED_RULESETS[name]);
    expect(made).not.toBe(SHIPPED_RULESETS[name]);
    expect(made.name).toBe(name);
  });
});

describe('custom rulesets: a shipped name plus overrides', () => {
  it('nested objects merge: overriding one pao flag keeps the other', () => {
    const r = makeRuleset('tenhou', { pao: { daisuushii: false } });
    expect(r.pao).toEqual({ daisangen: true, daisuushii: false, suukantsu: false, scope: 'whole' });
  });

  it('nested objects merge: switching off one abortive draw keeps the other four', () => {
    const r = makeRuleset('ema2012', { abortiveDraws: { fourWinds: false } });
    expect(r.abortiveDraws).toEqual({ nineTerminals: true, fourWinds: false, fourKans: true, fourRiichi: true, tripleRon: false });
  });

  it('arrays replace: uma and red fives are taken whole', () => {
    const r = makeRuleset('wrc2015', { uma: [30, 10, -10, -30], redFives: [0, 1, 0] });
    expect(r.uma).toEqual([30, 10, -10, -30]);
    expect(r.redFives).toEqual([0, 1, 0]);
  });

  it('scalar overrides replace and everything else stays as shipped', () => {
    const r = makeRuleset('ema2016', { honbaPoints: 1500, length: 'tonpuusen' });
    expect(r.honbaPoints).toBe(1500);
    expect(r.length).toBe('tonpuusen');
    const { honbaPoints: _h, length: _l, name: _n, ...rest } = r;
    const { honbaPoints: _h2, length: _l2, name: _n2, ...shippedRest } = SHIPPED_RULESETS.ema2016;
    expect(rest).toEqual(shippedRest);
  });

  it('a custom ruleset is named "<base>+custom" unless the overrides name it', () => {
    expect(makeRuleset('tenhou', { openTanyao: false }).name).toBe('tenhou+custom');
    expect(makeRuleset('tenhou', { openTanyao: false, name: 'club-nashi' }).name).toBe('club-nashi');
    expect(makeRuleset('tenhou', {}).name).toBe('tenhou');
  });

  it('null is a value: ryanhanShibari can be switched off with null, and on with a number', () => {
    expect(makeRuleset('ema2012', { ryanhanShibari: null }).ryanhanShibari).toBeNull();
    expect(makeRuleset('wrc2015', { ryanhanShibari: 5 }).ryanhanShibari).toBe(5);
  });

  it('changing the chombo kind replaces the chombo object, leaving no field of the old kind', () => {
    expect(makeRuleset('wrc2015', { chombo: { kind: 'mangan' } }).chombo).toEqual({ kind: 'mangan' });
    expect(makeRuleset('ema2012', { chombo: { kind: 'globalPoints', points: 8 } }).chombo).toEqual({ kind: 'globalPoints', points: 8 });
  });

  it('keeping the chombo kind merges: only the points change', () => {
    expect(makeRuleset('wrc2015', { chombo: { points: 10 } }).chombo).toEqual({ kind: 'globalPoints', points: 10 });
  });

  it('overrides never change the shipped rulesets themselves', () => {
    const before = JSON.stringify(SHIPPED_RULESETS);
    makeRuleset('tenhou', { pao: { daisangen: false }, uma: [30, 10, -10, -30], abortiveDraws: { tripleRon: false } });
    makeRuleset('wrc2015', { chombo: { kind: 'mangan' } });
    expect(JSON.stringify(SHIPPED_RULESETS)).toBe(before);
  });

  it('overrides from JSON work the same as from code', () => {
    const r = makeRuleset('russian', JSON.parse('{"redFives":[0,0,0],"pao":{"daisangen":false}}'));
    expect(r.redFives).toEqual([0, 0, 0]);
    expect(r.pao).toEqual({ daisangen: false, daisuushii: true, suukantsu: false, scope: 'paoYakuman' });
  });
});

describe('validation errors name the field and the reason', () => {
  it('an unknown ruleset name is refused, naming the field "name" and the shipped names', () => {
    const e = rulesetError(() => makeRuleset('ema2008'));
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0].field).toBe('name');
    expect(e.issues[0].reason).toMatch(/unknown ruleset "ema2008"/);
    expect(e.issues[0].reason).toMatch(/tenhou, wrc2015, ema2012, ema2016, russian/);
    expect(e.message).toMatch(/^invalid ruleset: name: unknown ruleset/);
  });

  it('inherited object properties are not ruleset names', () => {
    expect(reasonsFor(rulesetError(() => makeRuleset('toString')), 'name')).toHaveLength(1);
    expect(reasonsFor(rulesetError(() => makeRuleset('__proto__')), 'name')).toHaveLength(1);
  });

  it('uma that does not sum to 0 is refused with the sum', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { uma: [20, 10, -10, -10] }));
    expect(reasonsFor(e, 'uma')).toEqual(['uma must sum to 0 (sums to 10)']);
  });

  it('a negative honba value is refused', () => {
    const e = rulesetError(() => makeRuleset('wrc2015', { honbaPoints: -300 }));
    expect(e.issues.map((i) => i.field)).toEqual(['honbaPoints']);
    expect(e.issues[0].reason).toMatch(/>=\s*0/);
  });

  it('a fractional honba value is refused', () => {
    const e = rulesetError(() => makeRuleset('wrc2015', { honbaPoints: 150.5 }));
    expect(reasonsFor(e, 'honbaPoints')[0]).toMatch(/int/i);
  });

  it('an unknown top-level key is refused by name (the schema is strict)', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { akaDora: true } as never));
    expect(e.issues).toEqual([{ field: 'akaDora', reason: 'unknown setting (rulesets are strict)' }]);
  });

  it('an unknown key inside a nested object is refused with its full path', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { pao: { kokushi: true } } as never));
    expect(e.issues).toEqual([{ field: 'pao.kokushi', reason: 'unknown setting (rulesets are strict)' }]);
    const e2 = rulesetError(() => makeRuleset('tenhou', { abortiveDraws: { fiveKans: true } } as never));
    expect(e2.issues.map((i) => i.field)).toEqual(['abortiveDraws.fiveKans']);
  });

  it('a field of another chombo kind is refused', () => {
    const e = rulesetError(() => makeRuleset('ema2012', { chombo: { points: 20 } }));
    expect(e.issues.map((i) => i.field)).toEqual(['chombo.points']);
  });

  it('a "__proto__" key from JSON is refused as unknown, not merged into the prototype', () => {
    const e = rulesetError(() => makeRuleset('tenhou', JSON.parse('{"__proto__":{"bust":false}}')));
    expect(e.issues).toEqual([{ field: '__proto__', reason: 'unknown setting (rulesets are strict)' }]);
  });

  it('overrides that are not an object are refused, not crashed on', () => {
    for (const bad of [null, [], 'bust', 3]) {
      const e = rulesetError(() => makeRuleset('tenhou', bad as never));
      expect(e.issues[0].field).toBe('(root)');
      expect(e.issues[0].reason).toMatch(/overrides must be an object/);
    }
  });

  it('an unknown chombo kind is refused at chombo.kind', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { chombo: { kind: 'fine' } } as never));
    expect(e.issues.map((i) => i.field)).toEqual(['chombo.kind']);
  });

  it('an enum value outside its options is refused, listing the options', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { multipleRon: 'quadruple' } as never));
    expect(reasonsFor(e, 'multipleRon')[0]).toMatch(/headBump.*double.*triple/);
  });

  it('a double-wind pair worth 3 fu is refused: 2 or 4 only', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { doubleWindPairFu: 3 } as never));
    expect(reasonsFor(e, 'doubleWindPairFu')[0]).toMatch(/2.*4/);
  });

  it('two red fives in a suit are refused at the suit', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { redFives: [1, 2, 1] } as never));
    expect(e.issues.map((i) => i.field)).toEqual(['redFives.1']);
  });

  it('returning fewer points than the start is refused', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { returnPoints: 20000 }));
    expect(reasonsFor(e, 'returnPoints')).toEqual(['returnPoints must be at least startPoints']);
  });

  it('kan ura dora without ura dora is refused', () => {
    const e = rulesetError(() => makeRuleset('wrc2015', { uraDora: false }));
    expect(reasonsFor(e, 'kanUraDora')).toEqual(['kanUraDora needs kanDora and uraDora']);
  });

  it('a triple-ron abortive draw is refused unless at most double ron is allowed', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { multipleRon: 'headBump' }));
    expect(reasonsFor(e, 'abortiveDraws.tripleRon')[0]).toMatch(/needs multipleRon "double".*"headBump"/);
    expect(makeRuleset('tenhou', { multipleRon: 'triple', abortiveDraws: { tripleRon: false } }).multipleRon).toBe('triple');
  });

  it('a penalise foul policy without a chombo penalty is refused', () => {
    const e = rulesetError(() => makeRuleset('wrc2015', { chombo: { kind: 'none' } }));
    expect(reasonsFor(e, 'chombo')[0]).toMatch(/penalise.*needs a chombo penalty/);
    expect(makeRuleset('tenhou', { foulPolicy: 'penalise', chombo: { kind: 'mangan' } }).foulPolicy).toBe('penalise');
  });

  it('ryanhanShibari must be a positive whole number of honba, or null', () => {
    expect(reasonsFor(rulesetError(() => makeRuleset('ema2012', { ryanhanShibari: 0 })), 'ryanhanShibari')).toHaveLength(1);
    expect(reasonsFor(rulesetError(() => makeRuleset('ema2012', { ryanhanShibari: 2.5 })), 'ryanhanShibari')).toHaveLength(1);
  });

  it('every problem is reported at once, and the message lists them all', () => {
    const e = rulesetError(() => makeRuleset('tenhou', { uma: [1, 0, 0, 0], honbaPoints: -1, colour: 'red' } as never));
    expect(e.issues.map((i) => i.field).sort()).toEqual(['colour', 'honbaPoints', 'uma']);
    for (const field of ['colour', 'honbaPoints', 'uma']) expect(e.message).toContain(`${field}: `);
  });

  it('parseRuleset on a whole object names each missing field', () => {
    const { tiedRanks: _t, renhou: _r, ...partial } = SHIPPED_RULESETS.tenhou;
    const e = rulesetError(() => parseRuleset(partial));
    expect(e.issues.map((i) => i.field).sort()).toEqual(['renhou', 'tiedRanks']);
  });

  it('parseRuleset refuses something that is not an object at the root', () => {
    const e = rulesetError(() => parseRuleset('tenhou'));
    expect(e.issues[0].field).toBe('(root)');
  });

  it('RulesetError is an Error with its issues as data', () => {
    const e = new RulesetError([{ field: 'uma', reason: 'bad' }]);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('RulesetError');
    expect(e.message).toBe('invalid ruleset: uma: bad');
  });
});
