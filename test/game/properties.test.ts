import { describe, expect, it } from 'vitest';
import { Game } from '@jantaku/shared/game/game';
import { viewFor, type TableView } from '@jantaku/shared/game/views';
import type { Seat } from '@jantaku/shared/game/types';
import { SHIPPED_RULESETS } from '@jantaku/shared/rules/index';
import { randomChooser } from '../support/randomBot';

const SEATS: Seat[] = [0, 1, 2, 3];

/** Tiles in play: concealed hands, melds, and discards still in the ponds. */
function tilesInPlay(game: Game): number[] {
  const out: number[] = [];
  for (const s of game.seats) {
    out.push(...s.hand);
    for (const m of s.melds) out.push(...m.tiles);
    for (const d of s.discards) if (!d.called) out.push(d.tile);
  }
  return out;
}

/** Every tile id a view mentions, wherever it sits. */
function tileIdsIn(view: TableView): number[] {
  const ids: number[] = [...view.doraIndicators, ...view.uraIndicators, ...(view.hand ?? [])];
  if (view.drawn != null) ids.push(view.drawn);
  if (view.claim) ids.push(view.claim.tile);
  for (const s of view.seats) {
    for (const d of s.discards) ids.push(d.tile);
    for (const m of s.melds) ids.push(...m.tiles);
    for (const p of s.penaltyTiles) ids.push(p.tile);
  }
  for (const w of view.lastResult?.wins ?? []) ids.push(w.winTile, ...w.concealed, ...w.uraIndicators);
  for (const r of view.lastResult?.revealed ?? []) ids.push(...r.concealed);
  for (const a of view.legalActions) {
    if ('tiles' in a) ids.push(...a.tiles);
    if ('options' in a) for (const o of a.options) ids.push(...o);
  }
  return ids;
}

/**
 * What is wrong with the state, or null. (Collects problems instead of calling expect() for each
 * check: expect() per check per step would dominate the run.)
 */
function problems(game: Game, startTotal: number, views: boolean): string | null {
  // 136 tiles accounted for: what is in play is distinct and is exactly the deal plus the draws.
  const inPlay = tilesInPlay(game);
  // The tile of an added kan is in flight while its chankan window is open.
  if (game.claimTile !== null && !inPlay.includes(game.claimTile)) inPlay.push(game.claimTile);
  const draws = game.currentHand.steps.filter((s) => s.type === 'draw').length;
  if (new Set(inPlay).size !== inPlay.length) return 'a tile is in two places';
  if (inPlay.length !== 52 + draws) return `${inPlay.length} tiles in play after ${draws} draws`;
  if (!inPlay.every((t) => Number.isInteger(t) && t >= 0 && t < 136)) return 'a tile id out of range';
  if (game.doraIndicators.some((t) => inPlay.includes(t))) return 'a dora indicator is in play';
  if (game.remaining < 0) return 'negative wall';
  // Points plus sticks on the table always sum to the start total.
  const total = game.scores.reduce((a, b) => a + b, 0) + game.riichiSticks * game.rules.riichiStick;
  if (total !== startTotal) return `points sum to ${total}, not ${startTotal}`;
  if (!views) return null;
  // No view holds a tile its viewer may not know: other hands, the wall, unrevealed ura dora.
  const publicTiles = new Set<number>(game.doraIndicators);
  for (const s of game.seats) {
    for (const d of s.discards) publicTiles.add(d.tile);
    for (const m of s.melds) for (const t of m.tiles) publicTiles.add(t);
    // WSOM penalty tiles are face up: public once exposed (§3.7).
    for (const p of s.penaltyTiles) publicTiles.add(p.tile);
  }
  if (game.phase === 'handEnded' || game.phase === 'gameOver') {
    for (const w of game.lastResult!.wins) [w.winTile, ...w.concealed, ...w.uraIndicators].forEach((t) => publicTiles.add(t));
    for (const r of game.lastResult!.revealed) r.concealed.forEach((t) => publicTiles.add(t));
    game.currentHand.uraIndicators.forEach((t) => publicTiles.add(t));
  }
  for (const viewer of [...SEATS, 'spectator'] as const) {
    const view = viewFor(game, viewer);
    const own = new Set(viewer === 'spectator' ? [] : game.seats[viewer].hand);
    const leaked = tileIdsIn(view).filter((t) => !publicTiles.has(t) && !own.has(t));
    if (leaked.length) return `view of ${viewer} leaks ${leaked}`;
    if (viewer === 'spectator' && view.hand !== undefined) return 'the spectator sees a hand';
    if ('wall' in view) return 'a view holds the wall';
  }
  return null;
}

/** Seeded random games per shipped ruleset: 500 games, some five thousand hands in all. */
const GAMES = 100;

describe('random legal play keeps the invariants', () => {
  it.each(Object.keys(SHIPPED_RULESETS))('%s: tiles, points and views over seeded random games', (name) => {
    const rules = SHIPPED_RULESETS[name as keyof typeof SHIPPED_RULESETS];
    const startTotal = rules.startPoints * 4;
    let hands = 0;
    for (let g = 0; g < GAMES; g++) {
      const game = new Game({ rules, seed: `${name}-${g}` });
      const choose = randomChooser(`${name}-bot-${g}`);
      for (let step = 0; game.phase !== 'gameOver'; step++) {
        if (step > 50_000) expect.fail('the game does not end');
        const problem = problems(game, startTotal, true);
        if (problem) expect.fail(`${name} game ${g} step ${step}: ${problem}`);
        if (game.phase === 'handEnded') {
          hands++;
          expect(game.nextHand().ok).toBe(true);
          continue;
        }
        const seat = SEATS.find((s) => game.legalActions(s).length > 0);
        if (seat === undefined) expect.fail(`nobody can act in phase ${game.phase}`);
        const r = game.apply(seat, choose(game.legalActions(seat)));
        if (!r.ok) expect.fail(`a legal action was refused: ${r.refusal.code}: ${r.refusal.reason}`);
      }
      expect(problems(game, startTotal, true)).toBeNull();
      expect(game.standings).toHaveLength(4);
    }
    expect(hands).toBeGreaterThan(GAMES * 4);
  });
});
