import { describe, expect, it } from 'vitest';
import {
  formatPointsText, parseTenhou6, serializeTenhou6, toTenhou6Json, type Tenhou6Game, type Tile,
} from '@jantaku/shared/logs/tenhou6';
import { corpusFiles, corpusObjects } from './tenhou6Corpus';

const files = corpusFiles();

describe('tenhou6 corpus round trip', () => {
  it('finds the corpus', () => {
    expect(files.filter((f) => f.lines)).toHaveLength(31);
    expect(files.filter((f) => !f.lines)).toHaveLength(21);
  });

  it.each(files.filter((f) => f.lines).map((f) => [f.name, f] as const))('%s: per line, byte for byte', (_, f) => {
    const game = parseTenhou6(f.text, f.name);
    const original = f.text.split('\n').filter((l) => l.trim());
    expect(game.hands).toHaveLength(original.length);
    expect(serializeTenhou6(game, { lines: true }).split('\n')).toEqual(original);
  });

  it.each(files.filter((f) => !f.lines).map((f) => [f.name, f] as const))('%s: deep-equal JSON', (_, f) => {
    const [original] = corpusObjects(f);
    const game = parseTenhou6(f.text, f.name);
    expect(toTenhou6Json(game)).toStrictEqual(original);
    expect(JSON.parse(serializeTenhou6(game))).toStrictEqual(original);
    // Byte for byte too, once the top-level keys are in the serialiser's order (title, name, rule, log, others).
    const { title, name, rule, log, ...others } = original as Record<string, unknown>;
    const reordered = { ...(title !== undefined && { title }), name, rule, log, ...others };
    expect(serializeTenhou6(game)).toBe(JSON.stringify(reordered));
    if (Object.keys(original as object).join() === 'title,name,rule,log') expect(serializeTenhou6(game)).toBe(f.text.trimEnd());
  });

  it('parsing the serialised game gives the same game', () => {
    for (const f of files) {
      const game = parseTenhou6(f.text, f.name);
      expect(parseTenhou6(serializeTenhou6(game), f.name)).toStrictEqual(game);
    }
  });

  it('merges a JSON-lines file into one game and keeps the envelope', () => {
    const f = files.find((x) => x.lines)!;
    const game = parseTenhou6(f.text, f.name);
    expect(game.names).toEqual(['Aさん', 'Bさん', 'Cさん', 'Dさん']);
    expect(game.rule).toEqual({ disp: '鳳南喰赤', aka: 1 });
    expect(game.title).toEqual(['', '']);
    expect(game.extra).toEqual({});
    // The same game whole, or as an array of the line objects, parses the same.
    expect(parseTenhou6(serializeTenhou6(game))).toStrictEqual(game);
    expect(parseTenhou6(corpusObjects(f))).toStrictEqual(game);
  });

  it('keeps unknown top-level and rule fields verbatim', () => {
    const f = files.find((x) => x.name.endsWith('ranked_game.json'))!;
    const game = parseTenhou6(f.text);
    expect(game.title).toBeUndefined();
    expect(game.rule).toEqual({ disp: '特南喰赤', aka53: 1, aka52: 1, aka51: 1 });
    expect(Object.keys(game.extra)).toEqual(['ver', 'ref', 'ratingc', 'lobby', 'dan', 'rate', 'sx', 'sc']);
    expect(game.hands).toHaveLength(3);
  });

  it('serialises a game built in code, and refuses what no log can express', () => {
    const t = (kind: number, red = false): Tile => ({ kind, red });
    const haipai = (s: number) => Array.from({ length: 13 }, (_, j) => t((s * 13 + j) % 34));
    const game: Tenhou6Game = {
      title: ['', ''],
      names: ['a', 'b', 'c', 'd'],
      rule: { disp: '般南喰赤', aka: 1 },
      extra: {},
      hands: [{
        round: 4, honba: 1, riichiSticks: 0,
        startScores: [25000, 25000, 25000, 25000],
        doraIndicators: [t(4, true)],
        uraIndicators: [t(8)],
        haipai: [haipai(0), haipai(1), haipai(2), haipai(3)],
        draws: [
          [{ type: 'draw', tile: t(33) }, { type: 'draw', tile: t(20) }],
          [{ type: 'pon', tile: t(27), own: [t(27), t(27)], from: 3 }],
          [{ type: 'daiminkan', tile: t(9), own: [t(9), t(9), t(9)], from: 2 }, { type: 'draw', tile: t(12) }],
          [],
        ],
        discards: [
          [{ type: 'discard', tile: t(33), tsumogiri: true, riichi: true }, { type: 'ankan', tiles: [t(22, true), t(22), t(22), t(22)] }],
          [{ type: 'discard', tile: t(30), tsumogiri: false, riichi: false }],
          [{ type: 'daiminkanSkip' }, { type: 'discard', tile: t(12), tsumogiri: true, riichi: false }],
          [],
        ],
        result: {
          type: 'win',
          wins: [{
            deltas: [-1300, 0, 1300, 0], winner: 2, from: 0, pao: 2,
            pointsText: formatPointsText({ limit: null, fu: 30, han: 1, payment: { type: 'ron', points: 1000 } }),
            yaku: [{ name: '役牌 中', id: 'yakuhaiChun', han: 1, yakuman: false }],
          }],
        },
      }],
    };
    const json = toTenhou6Json(game);
    expect(json.log[0].slice(0, 4)).toEqual([[4, 1, 0], [25000, 25000, 25000, 25000], [51], [19]]);
    expect(json.log[0].slice(5, 16).filter((_, i) => i % 3 !== 2)).toEqual([
      [47, 33], ['r60', '533535a35'], ['4141p41'], [44], ['21m212121', 24], [0, 60], [], [],
    ]);
    expect(json.log[0][16]).toEqual(['和了', [-1300, 0, 1300, 0], [2, 0, 2, '30符1飜1000点', '役牌 中(1飜)']]);
    expect(parseTenhou6(serializeTenhou6(game))).toStrictEqual(game);

    const broken = (edit: (g: Tenhou6Game) => void) => {
      const g = structuredClone(game);
      edit(g);
      return () => serializeTenhou6(g);
    };
    expect(broken((g) => (g.hands[0].doraIndicators[0] = t(34)))).toThrow(RangeError);
    expect(broken((g) => (g.hands[0].doraIndicators[0] = t(3, true)))).toThrow(RangeError);
    expect(broken((g) => (g.hands[0].draws[1][0] = { type: 'chii', tile: t(1), own: [t(2), t(3)], from: 2 }))).toThrow(RangeError);
    expect(broken((g) => (g.hands[0].discards[0][0] = { type: 'discard', tile: t(5), tsumogiri: true, riichi: false })))
      .toThrow(RangeError);
    expect(broken((g) => g.hands[0].result.type === 'win' && (g.hands[0].result.wins[0].pointsText = null))).toThrow(RangeError);
  });
});
