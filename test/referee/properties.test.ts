import { describe, expect, it } from 'vitest';
import { Referee, type RefereeEvent } from '@jantaku/shared/referee/referee';
import { isRuleId } from '@jantaku/shared/referee/ids';
import type { Command, Seat } from '@jantaku/shared/game/types';
import type { Game } from '@jantaku/shared/game/game';
import { viewFor } from '@jantaku/shared/game/views';
import { makeRuleset, SHIPPED_RULESETS } from '@jantaku/shared/rules/index';
import { Rng } from '@jantaku/shared/game/rng';
import { randomChooser } from '../support/randomBot';

const SEATS: Seat[] = [0, 1, 2, 3];
const TYPES: Command['type'][] = ['discard', 'riichi', 'tsumo', 'ron', 'kyuushu', 'ankan', 'shouminkan', 'chii', 'pon', 'daiminkan', 'pass', 'draw'];

/** A declaration a careless or dishonest player might make: any type, tiles from the hand (mostly). */
function randomDeclaration(rng: Rng, game: Game, seat: Seat): Command {
  const hand = game.seats[seat].hand;
  const tile = () => (hand.length && rng.int(10) > 0 ? hand[rng.int(hand.length)] : rng.int(136));
  const type = TYPES[rng.int(TYPES.length)];
  switch (type) {
    case 'discard':
    case 'riichi':
    case 'ankan':
    case 'shouminkan':
      return { type, tile: tile() };
    case 'chii':
    case 'pon':
      return { type, tiles: [tile(), tile()] };
    case 'daiminkan':
      return { type, tiles: [tile(), tile(), tile()] };
    case 'ron':
    case 'tsumo':
      return { type, reveal: rng.int(2) === 0 };
    default:
      return { type } as Command;
  }
}

/** What a refused declaration must leave as it was: every view, the scores, the penalties and the referee's log. */
const snapshot = (g: Game, log: number) => JSON.stringify({ views: [...SEATS, 'spectator' as const].map((v) => viewFor(g, v)), scores: g.scores, sticks: g.riichiSticks, log, penalties: g.penalties });

function tilesOk(g: Game): string | null {
  const inPlay: number[] = [];
  for (const s of g.seats) {
    inPlay.push(...s.hand);
    for (const m of s.melds) inPlay.push(...m.tiles);
    for (const d of s.discards) if (!d.called) inPlay.push(d.tile);
  }
  // The tile of an added kan is in flight while its chankan window is open.
  if (g.claimTile !== null && !inPlay.includes(g.claimTile)) inPlay.push(g.claimTile);
  const draws = g.currentHand.steps.filter((x) => x.type === 'draw').length;
  if (new Set(inPlay).size !== inPlay.length) return 'a tile is in two places';
  if (inPlay.length !== 52 + draws) return `${inPlay.length} tiles in play after ${draws} draws`;
  return null;
}

/**
 * A tile a view shows that its viewer may not know, or null: public tiles are dora indicators,
 * discards, melds, WSOM penalty tiles (face up once exposed, §3.7) and what a hand's end reveals.
 */
function leak(g: Game): string | null {
  const pub = new Set<number>(g.doraIndicators);
  for (const s of g.seats) {
    for (const d of s.discards) pub.add(d.tile);
    for (const m of s.melds) for (const t of m.tiles) pub.add(t);
    for (const p of s.penaltyTiles) pub.add(p.tile);
  }
  for (const viewer of [...SEATS, 'spectator'] as const) {
    const v = viewFor(g, viewer);
    const own = new Set(viewer === 'spectator' ? [] : g.seats[viewer].hand);
    const shown = new Set<number>([...v.uraIndicators]);
    for (const w of v.lastResult?.wins ?? []) [w.winTile, ...w.concealed, ...w.uraIndicators].forEach((t) => shown.add(t));
    for (const r of v.lastResult?.revealed ?? []) r.concealed.forEach((t) => shown.add(t));
    const ids = [...(v.hand ?? []), ...(v.drawn != null ? [v.drawn] : [])];
    if (v.claim) ids.push(v.claim.tile);
    for (const s of v.seats) {
      for (const d of s.discards) ids.push(d.tile);
      for (const m of s.melds) ids.push(...m.tiles);
      for (const p of s.penaltyTiles) ids.push(p.tile);
    }
    const bad = ids.filter((t) => !pub.has(t) && !own.has(t) && !shown.has(t) && t !== g.claimTile);
    if (bad.length) return `view of ${viewer} leaks ${bad}`;
  }
  return null;
}

describe('random faulty declarations under every ruleset and both foul policies', () => {
  for (const name of Object.keys(SHIPPED_RULESETS)) {
    for (const [policy, clientDraws, wsom] of [['penalise', false, false], ['prevent', false, false], ['penalise', true, false], ['penalise', true, true]] as const) {
      it(`${name}, ${policy}${clientDraws ? ', players draw for themselves' : ''}${wsom ? ', WSOM count and claims' : ''}: no crash, invariants hold, faults carry rule IDs, prevent changes nothing`, () => {
        // A 'penalise' ruleset needs a chombo penalty; the online ones (tenhou, majsoul, riichicity) have none, so they take WRC's.
        const rules = makeRuleset(name, {
          foulPolicy: policy, clientDraws, wsom: { count: wsom, claims: wsom },
          ...(policy === 'penalise' && SHIPPED_RULESETS[name as keyof typeof SHIPPED_RULESETS].chombo.kind === 'none' ? { chombo: { kind: 'globalPoints', points: 20 } } : {}),
        });
        let faults = 0;
        let refusedWithRule = 0;
        let penaltyTiles = 0;
        for (let g = 0; g < 4; g++) {
          const ref = new Referee({ rules, seed: `${name}-${policy}-${g}` });
          const game = ref.game;
          const rng = new Rng(`faulty-${name}-${policy}-${g}`);
          const choose = randomChooser(`legal-${name}-${policy}-${g}`);
          const total = rules.startPoints * 4;
          for (let step = 0; game.phase !== 'gameOver'; step++) {
            if (step > 150_000) expect.fail('the game does not end');
            if (game.phase === 'handEnded') {
              expect(ref.nextHand().ok).toBe(true);
              continue;
            }
            const seat = rng.int(4) as Seat;
            const acting = SEATS.find((s) => game.legalActions(s).length > 0)!;
            const faulty = rng.int(12) === 0;
            const before = snapshot(game, ref.log.length);
            const r = faulty ? ref.apply(seat, randomDeclaration(rng, game, seat)) : ref.apply(acting, choose(game.legalActions(acting)));
            if (r.ok) {
              for (const e of r.events as RefereeEvent[]) {
                if (e.type === 'penaltyTiles') penaltyTiles++;
                if (e.type === 'fault') {
                  faults++;
                  if (!isRuleId(e.rule)) expect.fail(`fault with an unknown rule ID ${e.rule}`);
                }
              }
            } else {
              if (!faulty) expect.fail(`a legal command was refused: ${r.refusal.code}`);
              if (snapshot(game, ref.log.length) !== before) expect.fail(`a refused declaration changed the state (${r.refusal.code})`);
              if (r.refusal.rule) {
                refusedWithRule++;
                if (!isRuleId(r.refusal.rule)) expect.fail(`refusal with an unknown rule ID ${r.refusal.rule}`);
              }
            }
            const problem = tilesOk(game) ?? (faulty || !game.inHand ? leak(game) : null);
            if (problem) expect.fail(problem);
            const sum = game.scores.reduce((a, b) => a + b, 0) + game.riichiSticks * rules.riichiStick;
            if (sum !== total) expect.fail(`points and sticks sum to ${sum}, not ${total}`);
          }
          // The log rebuilds the same game, faults and ledger.
          const again = Referee.replay({ rules, seed: `${name}-${policy}-${g}` }, ref.log);
          expect(again.game.standings).toEqual(game.standings);
          expect(again.faults).toEqual(ref.faults);
        }
        if (wsom) expect(penaltyTiles).toBeGreaterThan(0);
        if (policy === 'penalise') expect(faults).toBeGreaterThan(0);
        else expect(faults + refusedWithRule).toBeGreaterThan(0);
      });
    }
  }
});
