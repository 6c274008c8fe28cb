import { describe, expect, it } from 'vitest';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { Game } from '@jantaku/shared/game/game';
import { liveView, viewFor } from '@jantaku/shared/game/views';
import type { Seat } from '@jantaku/shared/game/types';
import { makeRuleset } from '@jantaku/shared/rules/index';
import { newTableState, project } from '../../server/src/rooms/projection';

const SEATS: Seat[] = [0, 1, 2, 3];
const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);

describe('own.hand keeps each tile in its place (issue 18 item 3)', () => {
  it('over whole games each seat holds exactly its tiles, and a discard, a draw or a call changes at most two places for each tile it moves', () => {
    let steps = 0;
    let places = 0;
    let sortedPlaces = 0;
    for (const seed of ['hand-tiles-1', 'hand-tiles-2', 'hand-tiles-3']) {
      const rules = makeRuleset('wrc2015');
      const game = new Game({ rules, seed });
      const state = newTableState(rules);
      project(state, game);
      for (let step = 0; step < 20_000 && game.phase !== 'gameOver'; step++) {
        const before = SEATS.map((s) => Array.from(state.seats[s].own.hand));
        const dealt = game.phase === 'handEnded';
        if (dealt) game.nextHand();
        else {
          const seat = game.toAct()!;
          const legal = game.legalActions(seat);
          const r = game.apply(seat, efficiencyBot(liveView(game, seat, legal), legal));
          if (!r.ok) throw new Error(r.refusal.code);
        }
        project(state, game);
        for (const s of SEATS) {
          const now = Array.from(state.seats[s].own.hand);
          expect(sorted(now)).toEqual(viewFor(game, s).hand);
          if (dealt) {
            // A new deal: the hand is shown sorted.
            expect(now).toEqual(sorted(now));
            continue;
          }
          // Tiles that came or went, against places whose tile changed (and places dropped): a tile
          // gone without one coming moves the last tile into its place and drops the last place.
          const moved = now.filter((t) => !before[s].includes(t)).length + before[s].filter((t) => !now.includes(t)).length;
          const changes = (a: number[], b: number[]) => b.filter((t, i) => a[i] !== t).length + Math.max(0, a.length - b.length);
          const changed = changes(before[s], now);
          expect(changed).toBeLessThanOrEqual(2 * moved);
          steps++;
          places += changed;
          // What a sorted hand would have changed.
          sortedPlaces += changes(sorted(before[s]), sorted(now));
        }
      }
      expect(game.phase).toBe('gameOver');
    }
    // A sorted hand shifts every tile after the one that came or went: several times as many.
    expect(places * 3).toBeLessThan(sortedPlaces);
  });
});
