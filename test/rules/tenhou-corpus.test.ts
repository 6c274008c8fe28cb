import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHIPPED_RULESETS } from '@jantaku/shared/rules/index';

/*
 * The tenhou ruleset checked against the 31 real Houou-room games of the corpus (rules 鳳南喰赤):
 * the values that decide how a game starts and ends must agree with how these games did.
 */

const { tenhou } = SHIPPED_RULESETS;
const GAMES = new URL('../../../shared/corpus/tenhou6/games/', import.meta.url);

interface Hand {
  kyoku: number;
  start: number[];
  /** Points after the hand: start plus every delta in the result (riichi deposits of this hand aside). */
  end: number[];
  rule: { disp: string; aka: number };
}

function readGame(file: string): Hand[] {
  return readFileSync(new URL(file, GAMES), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const { log, rule } = JSON.parse(line) as { log: unknown[][]; rule: Hand['rule'] };
      const h = log[0] as [number[], number[], ...unknown[]];
      const result = h[h.length - 1] as unknown[];
      const end = [...h[1]];
      for (const x of result.slice(1))
        if (Array.isArray(x) && x.length === 4 && x.every((n) => typeof n === 'number')) x.forEach((d: number, i) => (end[i] += d));
      return { kyoku: h[0][0], start: h[1], end, rule };
    });
}

const games = readdirSync(GAMES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, hands: readGame(f) }));
const SOUTH_4 = 7;
const WEST_1 = 8;
const WEST_4 = 11;

describe('tenhou ruleset against the corpus games', () => {
  it('the corpus holds the 31 games it describes', () => {
    expect(games).toHaveLength(31);
  });

  it('every game is 鳳南喰赤 (hanchan, open tanyao, red fives) and starts at startPoints each', () => {
    for (const { hands } of games) {
      expect(hands[0].rule.disp).toBe('鳳南喰赤');
      expect(hands[0].rule.aka === 1 ? [1, 1, 1] : [0, 0, 0]).toEqual(tenhou.redFives);
      expect(hands[0].start).toEqual([0, 1, 2, 3].map(() => tenhou.startPoints));
    }
    expect(tenhou.length).toBe('hanchan');
    expect(tenhou.openTanyao).toBe(true);
  });

  it('bust: every game that ends before South 4 ends with a player below zero', () => {
    const early = games.filter(({ hands }) => hands[hands.length - 1].kyoku < SOUTH_4);
    expect(early.length).toBeGreaterThan(0);
    expect(tenhou.bust).toBe(true);
    for (const { file, hands } of early) expect(Math.min(...hands[hands.length - 1].end), file).toBeLessThan(0);
  });

  it('West extension: West is played only when nobody has returnPoints after South 4', () => {
    const intoWest = games.filter(({ hands }) => hands.some((h) => h.kyoku >= WEST_1));
    expect(intoWest.length).toBeGreaterThan(0);
    expect(tenhou.westExtension).toBe(true);
    for (const { file, hands } of intoWest) {
      const firstWest = hands.find((h) => h.kyoku === WEST_1)!;
      expect(Math.max(...firstWest.start), file).toBeLessThan(tenhou.returnPoints);
    }
  });

  it('a game that stops at South 4 has somebody on returnPoints or more', () => {
    const stopped = games.filter(({ hands }) => hands[hands.length - 1].kyoku === SOUTH_4);
    for (const { file, hands } of stopped) expect(Math.max(...hands[hands.length - 1].end), file).toBeGreaterThanOrEqual(tenhou.returnPoints);
  });

  it('the West extension ends once somebody reaches returnPoints (exactly 30,000 is enough), or after West 4', () => {
    const endedInWest = games.map(({ hands }) => hands[hands.length - 1]).filter((h) => h.kyoku >= WEST_1 && h.kyoku < WEST_4);
    expect(endedInWest.length).toBeGreaterThan(0);
    for (const { file, hands } of games) {
      const last = hands[hands.length - 1];
      expect(last.kyoku, file).toBeLessThanOrEqual(WEST_4);
      if (last.kyoku >= WEST_1 && last.kyoku < WEST_4) expect(Math.max(...last.end), file).toBeGreaterThanOrEqual(tenhou.returnPoints);
    }
    expect(endedInWest.some((h) => Math.max(...h.end) === tenhou.returnPoints)).toBe(true);
  });
});
