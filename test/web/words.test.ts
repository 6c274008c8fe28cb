import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, faultReason } from '@jantaku/shared/referee/catalogue';
import { REFUSAL_WORDS, faultSentence, refusalWords, scoreEffect, whatHappened } from '../../web/src/words';

const label = (s: number) => ['East', 'South', 'West', 'North'][s];

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every error or refusal code the engine, the server and the SDK can send, read from their sources. */
function allCodes(): Set<string> {
  const codes = new Set<string>();
  const types = readFileSync('shared/src/game/types.ts', 'utf8');
  const union = /export type RefusalCode =([^;]+);/.exec(types)![1];
  for (const m of union.matchAll(/'([A-Z_]+)'/g)) codes.add(m[1]);
  const patterns = [
    /code: '([A-Z][A-Z_]+)'/g, // refusals and error messages
    /readonly code = '([A-Z][A-Z_]+)'/g, // error classes
    /(?:JantakuError|ServerFullError)\('([A-Z][A-Z_]+)'/g, // the SDK's own
    /ServerError\(\d+, [`']([A-Z][A-Z_]+):/g, // "CODE: reason" of a refused join
    /const [A-Z_]+ = [`']([A-Z][A-Z_]+): /g, // the same, named
    /(?:Account|Bot)Error\('([A-Z][A-Z_]+)'/g, // the players service's AccountError and BotError
    /fail\(\d+, '([A-Z][A-Z_]+)'/g, // its HTTP refusals (players/routes.ts)
  ];
  // Named codes the server throws (SERVER_FULL, UNAVAILABLE): a constant whose value is its name.
  const named = /const ([A-Z][A-Z_]+) = '\1'/g;
  for (const f of ['shared/src', 'server/src', 'client-sdk/src'].flatMap(sources)) {
    const text = readFileSync(f, 'utf8');
    for (const re of [...patterns, named]) for (const m of text.matchAll(re)) codes.add(m[1]);
  }
  return codes;
}

describe('words for fouls and refusals', () => {
  it('every code the sources can send has words (a new code without words fails here)', () => {
    const codes = allCodes();
    // The collection itself found the codes of each source.
    for (const c of ['NOTHING_TO_RESPOND', 'FURITEN', 'KUIKAE', 'RATE_LIMITED', 'SERVER_FULL', 'TABLE_LIMIT', 'DISCONNECTED', 'UNAVAILABLE', 'BAD_LOGIN', 'NO_SESSION', 'BAD_API_KEY', 'NO_BOT']) expect(codes).toContain(c);
    const missing = [...codes].filter((c) => !(c in REFUSAL_WORDS));
    expect(missing).toEqual([]);
    expect(refusalWords('NOTHING_TO_RESPOND')).not.toContain('NOTHING_TO_RESPOND');
    expect(refusalWords('FURITEN')).toMatch(/^Furiten/);
    expect(refusalWords('NO_YAKU')).toMatch(/yaku/);
    expect(refusalWords('NOT_YOUR_TURN')).toBe('Not your turn.');
    expect(refusalWords('SOMETHING_NEW')).toContain('SOMETHING_NEW');
  });

  it('a mangan chombo says who pays what to whom; a WRC chombo says the final-score penalty, not 0', () => {
    const chombo = { kind: 'chombo' } as const;
    expect(scoreEffect(chombo, 0, { label, viewer: 0, dealer: 0, chombo: { kind: 'mangan' } })).toBe('you pay 4,000 to each player; the hand is redealt');
    expect(scoreEffect(chombo, 2, { label, viewer: 0, dealer: 1, chombo: { kind: 'mangan' } })).toBe('West pays 4,000 to South and 2,000 to each other player; the hand is redealt');
    const wrc = scoreEffect(chombo, 1, { label, viewer: 0, chombo: { kind: 'globalPoints', points: 20 } });
    expect(wrc).toContain('\u221220 off South\'s final score');
    expect(wrc).toContain('no points change hands');
    expect(scoreEffect({ kind: 'points', points: 5 }, 3, { label, viewer: 3 })).toBe('\u22125 off your final score; no other score changes');
    expect(scoreEffect({ kind: 'none' }, 3, { label, viewer: null })).toBe('no score changes');
    expect(scoreEffect({ kind: 'deadHand' }, 0, { label, viewer: 0 })).toMatch(/^no score changes; you cannot win/);
  });

  it('a fault sentence: the penalty, what happened (the detail of the reason, else the rule), and the effect', () => {
    const rule = 'WRC-F-FALSE-WIN-REVEALED';
    const detail = { seat: 0, rule, penalty: { kind: 'chombo' } as const, reason: faultReason(rule, 'ron declared on an incomplete hand') };
    expect(whatHappened(detail)).toBe('ron declared on an incomplete hand');
    expect(faultSentence(detail, { label, viewer: 0, dealer: 0, chombo: { kind: 'mangan' } })).toBe('Chombo: ron declared on an incomplete hand — you pay 4,000 to each player; the hand is redealt');
    const plain = { ...detail, reason: faultReason(rule) };
    expect(whatHappened(plain)).toBe(CATALOGUE[rule].title);
    expect(faultSentence(plain, { label, viewer: 1, chombo: { kind: 'globalPoints', points: 20 } })).toBe(
      `Chombo: false win, hand shown — \u221220 off East's final score; no points change hands in this hand, which is redealt`,
    );
  });
});
