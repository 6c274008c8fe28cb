import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decoder, Encoder } from '@colyseus/schema';
import { ServerError } from '@colyseus/core';
import { Referee } from '@jantaku/shared/referee/referee';
import { TableState } from '@jantaku/shared/schema/table';
import { parseTableOptions } from '../../server/src/rooms/options';
import { TableClock } from '../../server/src/rooms/clock';
import { newTableState, project } from '../../server/src/rooms/projection';
import { serveDuringFile } from './harness';

const served = serveDuringFile();

/** POSTs a create request with `body` as raw JSON text (so `__proto__` stays a key, as any client may send it). */
async function createRaw(body: string): Promise<{ status: number; json: { code?: number; error?: string; roomId?: string } }> {
  const r = await fetch(`${served.url.replace('ws', 'http')}/matchmake/create/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: r.status, json: (await r.json()) as { code?: number; error?: string; roomId?: string } };
}

describe('table options at a live server', () => {
  it('__proto__, constructor and prototype keys are refused anywhere in the options, nested ones included', async () => {
    const bodies: [string, string][] = [
      ['{"__proto__":{"ruleset":"wrc2015"}}', '__proto__'],
      ['{"overrides":{"__proto__":{"startPoints":1000000000000}}}', 'overrides.__proto__'],
      ['{"overrides":{"pao":{"__proto__":{"daisangen":false}}}}', 'overrides.pao.__proto__'],
      ['{"timeControl":{"kind":"none","constructor":{"prototype":{}}}}', 'timeControl.constructor'],
      ['{"overrides":{"uma":[10,5,-5,{"prototype":1}]}}', 'overrides.uma.3.prototype'],
    ];
    for (const [body, field] of bodies) {
      const { status, json } = await createRaw(body);
      expect(status, body).toBe(400);
      expect(json.error, body).toBe(`invalid table option ${field}: forbidden key (__proto__, constructor and prototype are never options)`);
    }
    // Nesting no option has is refused before it is walked.
    // 1,000 levels: deep enough to exhaust a naive walk's patience, small enough for the body cap (8 KB).
    const deep = await createRaw(`{"overrides":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}`);
    expect(deep.status).toBe(400);
    expect(deep.json.error).toMatch(/^invalid table option overrides(\.a){8}: nested deeper than 8 levels$/);
  });

  it('startPoints 1e12 (and every other number past its bound) is refused, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ startPoints: 1e12, returnPoints: 1e12 }, 'overrides.startPoints'],
      [{ uma: [1e300, 0, 0, -1e300] }, 'overrides.uma'],
      [{ honbaPoints: 2 ** 31 }, 'overrides.honbaPoints'],
      [{ timeControl: { kind: 'bank', baseMs: 0, bankMs: 2 ** 31, bankScope: 'game', claimMs: 1000 } }, 'overrides.timeControl'],
      [{ timeControl: { kind: 'wsom', turnMs: 1, handMs: 1, graceMs: 0, unitMs: 1, pointsPerUnit: 70_000, resignAbove: 1e9, claimMs: 1 } }, 'overrides.timeControl'],
      [{ chombo: { kind: 'globalPoints', points: 1e308 } }, 'overrides.chombo'],
    ];
    for (const [overrides, field] of cases) {
      const { status, json } = await createRaw(JSON.stringify({ overrides }));
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(json.error, JSON.stringify(overrides)).toMatch(new RegExp(`^invalid table option ${field.replace('.', '\\.')}`));
    }
    const ok = await createRaw(JSON.stringify({ overrides: { startPoints: 1_000_000, returnPoints: 1_000_000 }, closeEmptySeconds: 1 }));
    expect(ok.status).toBe(200);
  });
});

const RULE_NUMBERS = ['startPoints', 'returnPoints', 'honbaPoints', 'ryanhanShibari', 'riichiStick', 'notenPayment', 'riichiMinPoints', 'riichiMinWallTiles', 'riichiRetractMs'];
const TABLE_NUMBERS = ['botDelayMs', 'handPauseMs', 'reconnectSeconds', 'commentatorDelayMs', 'closeEmptySeconds', 'bots'];

/** Numbers of every size: small, near the bounds, past int32, fractions, negative, not finite. */
const anyNumber = fc.oneof(
  fc.integer({ min: -10, max: 2_000_000 }),
  fc.integer({ min: -(2 ** 31) - 10, max: 2 ** 33 }),
  fc.constantFrom(0, 1, 1e12, 2 ** 31, 2 ** 32, -(2 ** 31) - 1, 1e308, Number.MAX_SAFE_INTEGER, Infinity, -Infinity, Number.NaN, 0.5),
  fc.double(),
);
/** Any JSON-ish value, nested, with keys that include the dangerous ones. */
const anyKey = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'kind', 'startPoints'));
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, anyNumber, fc.boolean(), fc.string({ maxLength: 8 }), fc.constant(null), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(anyKey, tie('value'), { maxKeys: 4 })),
})).value;
const timeControl = fc.record(
  {
    kind: fc.constantFrom('none', 'bank', 'wsom'),
    baseMs: anyNumber,
    bankMs: anyNumber,
    bankScope: fc.constantFrom('game', 'hand'),
    claimMs: anyNumber,
    turnMs: anyNumber,
    handMs: anyNumber,
    graceMs: anyNumber,
    unitMs: anyNumber,
    pointsPerUnit: anyNumber,
    resignAbove: anyNumber,
  },
  { requiredKeys: ['kind'] },
);
const overrides = fc.record(
  {
    ...Object.fromEntries(RULE_NUMBERS.map((k) => [k, anyNumber])),
    uma: fc.oneof(fc.tuple(anyNumber, anyNumber).map(([a, b]) => [a, b, -b, -a]), anyValue),
    chombo: fc.oneof(fc.record({ kind: fc.constant('globalPoints'), points: anyNumber }), anyValue),
    timeControl: fc.oneof(timeControl, anyValue),
    extra: anyValue,
  },
  { requiredKeys: [] },
);
/** Numbers mostly inside some bound, sometimes just past one or past int32. */
const tameNumber = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 136 }), weight: 3 },
  { arbitrary: fc.integer({ min: 1000, max: 100_000 }), weight: 3 },
  { arbitrary: fc.constantFrom(100_001, 1_000_000, 1_000_001, 3_600_000, 3_600_001, 2 ** 31, 1e12), weight: 1 },
);
const fields = <T,>(keys: string[], value: fc.Arbitrary<T>, maxLength: number) =>
  fc.subarray(keys, { maxLength }).chain((ks) => fc.tuple(...ks.map(() => value)).map((vs) => Object.fromEntries(ks.map((k, i) => [k, vs[i]]))));
const tameTimeControl = fc.oneof(
  fc.record({ kind: fc.constant('bank'), baseMs: tameNumber, bankMs: tameNumber, bankScope: fc.constantFrom('game', 'hand'), claimMs: tameNumber }),
  fc.record({ kind: fc.constant('wsom'), turnMs: tameNumber, handMs: tameNumber, graceMs: tameNumber, unitMs: tameNumber, pointsPerUnit: tameNumber, resignAbove: tameNumber, claimMs: tameNumber }),
);
/** Options near what a real client sends: a few fields each, values near their bounds. */
const tameOptions = fc
  .tuple(
    fc.constantFrom('tenhou', 'wrc2015', 'ema2016', 'russian'),
    fields(RULE_NUMBERS, tameNumber, 2),
    fc.option(tameTimeControl),
    fields(TABLE_NUMBERS.filter((k) => k !== 'bots'), tameNumber, 2),
  )
  .map(([ruleset, o, tc, table]) => ({ ruleset, overrides: { ...o, ...(tc ? { timeControl: tc } : {}) }, ...table }));
const wildOptions = fc.record(
  {
    ruleset: fc.constantFrom('tenhou', 'wrc2015', 'ema2016', 'russian'),
    overrides: fc.oneof(overrides, anyValue),
    ...Object.fromEntries(TABLE_NUMBERS.map((k) => [k, anyNumber])),
    timeControl: fc.oneof(fc.constantFrom('none', 'bank', 'wsom'), timeControl),
    junk: fc.dictionary(anyKey, anyValue, { maxKeys: 2 }),
  },
  { requiredKeys: [] },
);
const options = fc.oneof(tameOptions, wildOptions);

/** Through JSON, as a client's options arrive: `__proto__` keys become own keys. */
const asSent = (v: unknown): unknown => JSON.parse(JSON.stringify(v).replaceAll('"junk"', '"__proto__"'));
const hasForbidden = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && Object.keys(v).some((k) => ['__proto__', 'constructor', 'prototype'].includes(k) || hasForbidden((v as Record<string, unknown>)[k]));

describe('the options parser (property)', () => {
  it('any options are refused with a 400 naming a field, or create a table whose state encodes and decodes to the same numbers; forbidden keys are always refused', () => {
    let accepted = 0;
    fc.assert(
      fc.property(options, (raw) => {
        const sent = asSent(raw);
        let settings;
        try {
          settings = parseTableOptions(sent);
        } catch (e) {
          expect(e).toBeInstanceOf(ServerError);
          expect((e as ServerError).code).toBe(400);
          expect((e as Error).message).toMatch(/^invalid table option .+: /s);
          return;
        }
        expect(hasForbidden(sent)).toBe(false);
        accepted++;
        const referee = new Referee({ rules: settings.rules, seed: 'fuzz' });
        const clock = new TableClock(settings.rules.timeControl, 0);
        const state = newTableState(settings.rules);
        project(state, referee.game);
        clock.begin(referee, 0);
        clock.project(state.seats, 0);
        const decoder = new Decoder(new TableState());
        decoder.decode(new Encoder(state).encodeAll());
        const numbers = (s: TableState) => Array.from(s.seats, (x) => [x.score, x.bankMs, x.timePoints]);
        expect(numbers(decoder.state)).toEqual(numbers(state));
        expect(Array.from(state.seats, (x) => x.score)).toEqual(referee.game.scores);
      }),
      { numRuns: 600, seed: 14 },
    );
    // The property says something about accepted options too: a good share of the runs are.
    expect(accepted).toBeGreaterThan(50);
  });
});
