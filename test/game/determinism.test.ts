import { describe, expect, it } from 'vitest';
import { Game } from '@jantaku/shared/game/game';
import { rebuildGame, RebuildError } from '@jantaku/shared/game/rebuild';
import { viewFor } from '@jantaku/shared/game/views';
import type { Seat } from '@jantaku/shared/game/types';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { randomChooser } from '../support/randomBot';

const SEATS: Seat[] = [0, 1, 2, 3];

function playSome(game: Game, seed: string, steps: number): void {
  const choose = randomChooser(seed);
  for (let i = 0; i < steps && game.phase !== 'gameOver'; i++) {
    if (game.phase === 'handEnded') game.nextHand();
    else {
      const seat = SEATS.find((s) => game.legalActions(s).length > 0)!;
      game.apply(seat, choose(game.legalActions(seat)));
    }
  }
}

const snapshot = (g: Game) => JSON.stringify({ views: [...SEATS, 'spectator' as const].map((v) => viewFor(g, v)), hands: g.hands, scores: g.scores, standings: g.standings });

describe('event sourcing', () => {
  it.each(['tenhou', 'wrc2015', 'ema2012'])('%s: the same ruleset, seed and commands rebuild the same state', (name) => {
    const rules = makeRuleset(name);
    for (const stop of [0, 37, 400, 100_000]) {
      const game = new Game({ rules, seed: `det-${name}` });
      playSome(game, `det-bot-${name}`, stop);
      const again = rebuildGame({ rules, seed: `det-${name}` }, game.log);
      expect(snapshot(again)).toBe(snapshot(game));
    }
  });

  it('the log keeps a clean copy of each command: extra fields dropped, the caller\'s object not shared', () => {
    const game = new Game({ rules: makeRuleset('tenhou'), seed: 'clean' });
    const command = { type: 'discard' as const, tile: game.seats[0].drawn!, sneaky: 'x' };
    expect(game.apply(0, command).ok).toBe(true);
    command.tile = -1;
    expect(game.log[0]).toEqual({ seat: 0, command: { type: 'discard', tile: game.seats[0].discards[0].tile } });
  });

  it.each(['tenhou', 'wrc2015'])('%s: a game that records no hand\'s steps (handSteps: false) plays as one that records them, and counts them alike', (name) => {
    const rules = makeRuleset(name);
    const full = new Game({ rules, seed: `past-${name}` });
    const lean = new Game({ rules, seed: `past-${name}`, handSteps: false });
    const choose = randomChooser(`past-bot-${name}`);
    let turns = 0;
    for (let i = 0; i < 100_000 && full.phase !== 'gameOver'; i++) {
      if (full.phase === 'handEnded') {
        full.nextHand();
        lean.nextHand();
      } else {
        const seat = SEATS.find((s) => full.legalActions(s).length > 0)!;
        const command = choose(full.legalActions(seat));
        expect(full.apply(seat, command).ok).toBe(true);
        expect(lean.apply(seat, command).ok).toBe(true);
      }
      // The count and each seat's turn start agree with the recorded steps at every point.
      const steps = full.currentHand.steps;
      expect(lean.stepsInHand).toBe(steps.length);
      expect(full.stepsInHand).toBe(steps.length);
      for (const seat of SEATS) {
        const began = steps.findLastIndex((x) => x.seat === seat && x.type !== 'discard');
        expect(lean.turnBeganAt(seat)).toBe(began);
        if (began >= 0 && began < steps.length - 1) turns++;
      }
    }
    expect(full.phase).toBe('gameOver');
    expect(turns).toBeGreaterThan(100);
    expect(lean.log).toEqual(full.log);
    const views = (g: Game) => JSON.stringify([...SEATS, 'spectator' as const].map((v) => viewFor(g, v)));
    expect(views(lean)).toBe(views(full));
    expect(lean.standings).toEqual(full.standings);
    expect(lean.hands.length).toBe(full.hands.length);
    expect(full.hands.length).toBeGreaterThan(4);
    lean.hands.forEach((h, i) => {
      const { steps, haipai, ...rest } = full.hands[i];
      // Results, scores and indicators of every hand stay; no steps or haipai.
      expect(h).toEqual({ ...rest, steps: [], haipai: [] });
      expect(steps.length).toBeGreaterThan(0);
    });
  });

  it('a different seed deals a different game', () => {
    const rules = makeRuleset('tenhou');
    const a = new Game({ rules, seed: 'one' });
    const b = new Game({ rules, seed: 'two' });
    expect(a.seats[0].hand).not.toEqual(b.seats[0].hand);
  });

  it('a log that does not fit the game is refused, naming the command', () => {
    const rules = makeRuleset('tenhou');
    expect(() => rebuildGame({ rules, seed: 'x' }, [{ seat: 2, command: { type: 'tsumo' } }])).toThrow(RebuildError);
    expect(() => rebuildGame({ rules, seed: 'x' }, [{ seat: 2, command: { type: 'tsumo' } }])).toThrow(/command 0 \(tsumo by seat 2\) refused: NOT_YOUR_TURN/);
  });
});
