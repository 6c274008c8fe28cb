import { describe, expect, it } from 'vitest';
import type { Game } from '@jantaku/shared/game/game';
import { exportTenhou6 } from '@jantaku/shared/logs/export';
import { exportMjai } from '@jantaku/shared/logs/mjai';
import { fromMjai, MjaiLogError } from '@jantaku/shared/logs/mjaiImport';
import { parseTenhou6 } from '@jantaku/shared/logs/tenhou6';
import { replayGame } from '@jantaku/shared/logs/replay';
import { playGame } from '@jantaku/shared/bots/selfPlay';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { tsumogiriBot } from '@jantaku/shared/bots/tsumogiri';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { corpusFiles } from '../support/corpus';

const strip = (hands: ReturnType<typeof exportTenhou6>['hands']) =>
  // mjai has no points text and no pao: those come back from the engine's own scoring, so compare all else.
  hands.map((h) => ({ ...h, result: h.result.type === 'win' ? { ...h.result, wins: h.result.wins.map((w) => ({ ...w, pao: 0 })) } : h.result }));

describe('mjai export -> import round trip', () => {
  it.each(corpusFiles('tenhou6/games').map((f) => [f.name, f] as const))('corpus game %s: every hand, exported to mjai and read back, replays to the same actions and deltas', (_, file) => {
    const log = parseTenhou6(file.text, file.path);
    const original = replayGame(log, undefined, { complete: true });
    for (const h of original.hands) {
      const game = h.game!;
      const back = fromMjai(exportMjai(game), { rule: log.rule });
      const again = replayGame(back, game.rules);
      expect(again.hands.find((x) => !x.ok)?.mismatch).toBeUndefined();
      expect(strip(exportTenhou6(again.hands[0].game!).hands)).toEqual(strip(exportTenhou6(game).hands));
    }
  });

  it('a self-played hanchan round-trips whole, with its names', () => {
    const rules = makeRuleset('tenhou');
    const game = playGame(rules, 'mjai-import', [efficiencyBot, efficiencyBot, efficiencyBot, tsumogiriBot]);
    const names = ['Ann', '天鳳 太郎', 'x', '🀄 bot'];
    const back = fromMjai(exportMjai(game, names));
    expect(back.names).toEqual(names);
    expect(back.rule.aka).toBe(1);
    const again = replayGame(back, rules, { complete: true });
    expect(again.hands.find((x) => !x.ok)?.mismatch).toBeUndefined();
    const last = again.hands.at(-1)!.game!;
    expect(last.standings).toEqual(game.standings);
    const whole = { rules, hands: again.hands.map((x) => x.game!.hands.at(-1)!), standings: last.standings } as unknown as Game;
    expect(strip(exportTenhou6(whole).hands)).toEqual(strip(exportTenhou6(game).hands));
  });

  it.each([
    ['a line that is not JSON', '{"type":"start_game"\n'],
    ['a draw before any hand', '{"type":"tsumo","actor":0,"pai":"1m"}\n'],
    ['a seat out of range', '{"type":"start_game"}\n{"type":"tsumo","actor":7,"pai":"1m"}\n'],
    ['a tile that is none', '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"0m","scores":[25000,25000,25000,25000],"tehais":[' + Array(4).fill(JSON.stringify(Array(13).fill('1m'))).join(',') + ']}\n'],
    ['a log ending inside a hand', '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[' + Array(4).fill(JSON.stringify(Array(13).fill('1m'))).join(',') + ']}\n'],
  ])('%s is refused with an MjaiLogError', (_, text) => {
    expect(() => fromMjai(text)).toThrow(MjaiLogError);
  });
});
