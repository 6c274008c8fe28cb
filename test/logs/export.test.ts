import { describe, expect, it } from 'vitest';
import { exportTenhou6 } from '@jantaku/shared/logs/export';
import { parseTenhou6, serializeTenhou6 } from '@jantaku/shared/logs/tenhou6';
import { replayGame } from '@jantaku/shared/logs/replay';
import { playGame } from '@jantaku/shared/bots/selfPlay';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { tsumogiriBot } from '@jantaku/shared/bots/tsumogiri';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { corpusFiles } from '../support/corpus';

describe('tenhou.net/6 export', () => {
  it.each(['alpha', 'beta', 'gamma', 'delta'])('a self-played game (seed %s) exports, re-imports and replays to the same result', (seed) => {
    const rules = makeRuleset('tenhou');
    const game = playGame(rules, seed, [efficiencyBot, efficiencyBot, efficiencyBot, tsumogiriBot]);
    expect(game.phase).toBe('gameOver');
    const text = serializeTenhou6(exportTenhou6(game));
    const log = parseTenhou6(text, `${seed}.json`);
    expect(log.hands).toHaveLength(game.hands.length);
    const replay = replayGame(log, rules, { complete: true });
    const bad = replay.hands.find((h) => !h.ok);
    expect(bad?.mismatch, 'every exported hand replays').toBeUndefined();
    // The replayed last hand ends the game with the same scores.
    const last = replay.hands.at(-1)!.game!;
    expect(last.phase).toBe('gameOver');
    expect(last.scores).toEqual(game.scores);
    expect(last.standings).toEqual(game.standings);
  });

  it('export of a replayed corpus game gives the log back, hand by hand', () => {
    // Corpus hands replayed by the engine and exported again must serialise to the same JSON.
    const file = corpusFiles('tenhou6/games')[0];
    const log = parseTenhou6(file.text, file.path);
    const replay = replayGame(log);
    replay.hands.forEach((h, i) => {
      const exported = exportTenhou6(h.game!);
      const again = exported.hands[0];
      const original = log.hands[i];
      // Same result; yaku may be listed in another order (the corpus's order is its converter's).
      const sorted = (r: typeof original.result) =>
        r.type === 'win' ? { ...r, wins: r.wins.map((w) => ({ ...w, yaku: [...w.yaku].sort((a, b) => a.name.localeCompare(b.name)) })) } : r;
      expect(sorted(again.result)).toEqual(sorted(original.result));
      expect(again.draws).toEqual(original.draws);
      expect(again.doraIndicators).toEqual(original.doraIndicators);
      expect(again.uraIndicators).toEqual(original.uraIndicators);
    });
  });
});

describe('tenhou.net/6 export without red fives', () => {
  it('a wrc2015 game (no red fives) exports and replays under its own rules', () => {
    const rules = makeRuleset('wrc2015');
    const game = playGame(rules, 'no-reds', [efficiencyBot, efficiencyBot, efficiencyBot, efficiencyBot]);
    const log = parseTenhou6(serializeTenhou6(exportTenhou6(game)), 'wrc.json');
    expect(log.rule.aka).toBe(0);
    const replay = replayGame(log, rules, { complete: true });
    expect(replay.hands.find((h) => !h.ok)?.mismatch).toBeUndefined();
    expect(replay.hands.at(-1)!.game!.standings).toEqual(game.standings);
  });
});
