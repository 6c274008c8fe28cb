import { describe, expect, it } from 'vitest';
import { efficiencyBot } from '@jantaku/shared/bots/efficiency';
import { Game } from '@jantaku/shared/game/game';
import { liveView, viewFor } from '@jantaku/shared/game/views';
import type { LegalAction, Seat } from '@jantaku/shared/game/types';
import { legalFromWire, legalToWire } from '@jantaku/shared/protocol/legal';
import { makeRuleset, SHIPPED_RULESETS } from '@jantaku/shared/rules/index';

const SEATS: Seat[] = [0, 1, 2, 3];

describe('own.legal, a seat\'s legal actions on the wire (issue 18 item 3)', () => {
  it('at every step of whole games under every shipped ruleset each seat\'s actions come back exactly, in a fraction of the JSON', () => {
    const forms = new Set<string>();
    let jsonBytes = 0;
    let wireBytes = 0;
    for (const name of Object.keys(SHIPPED_RULESETS)) {
      for (const seed of [`legal-${name}-1`, `legal-${name}-2`]) {
        const game = new Game({ rules: makeRuleset(name), seed });
        for (let step = 0; step < 20_000 && game.phase !== 'gameOver'; step++) {
          if (game.phase === 'handEnded') {
            game.nextHand();
            continue;
          }
          for (const seat of SEATS) {
            const legal = game.legalActions(seat);
            // The hand as the seat's state holds it (`own.hand`): its own projection's.
            const hand = viewFor(game, seat, legal).hand!;
            const wire = legalToWire(legal, hand);
            expect(legalFromWire(wire, hand)).toEqual(legal);
            for (const part of wire.split(' ')) if (part) forms.add(part === 'd' ? 'd (the whole hand)' : part[0]);
            jsonBytes += JSON.stringify(legal).length;
            wireBytes += wire.length;
          }
          const seat = game.toAct()!;
          const legal = game.legalActions(seat);
          const r = game.apply(seat, efficiencyBot(liveView(game, seat, legal), legal));
          if (!r.ok) throw new Error(r.refusal.code);
        }
        expect(game.phase).toBe('gameOver');
      }
    }
    // What whole bot games reach: the short discard, a discard limited (riichi), and the rest.
    for (const f of ['d (the whole hand)', 'd', 'r', 't', 'o', 'c', 'p', 'x']) expect(forms.has(f), f).toBe(true);
    expect(wireBytes * 8).toBeLessThan(jsonBytes);
  });

  it('every kind of action, including those bots rarely reach, keeps its tiles and their order', () => {
    const hand = [3, 7, 12, 40, 41, 42, 43, 60, 88, 90, 101, 120, 130, 133];
    const legal: LegalAction[] = [
      { type: 'discard', tiles: [3, 12, 88] },
      { type: 'riichi', tiles: [133, 3] },
      { type: 'ankan', tiles: [40] },
      { type: 'shouminkan', tiles: [60, 7] },
      { type: 'tsumo' },
      { type: 'kyuushu' },
      { type: 'chii', options: [[12, 7], [3, 101]] },
      { type: 'pon', options: [[41, 42]] },
      { type: 'daiminkan', tiles: [41, 42, 43] },
      { type: 'ron' },
      { type: 'draw' },
      { type: 'pass' },
    ];
    const wire = legalToWire(legal, hand);
    expect(wire).toBe('d3,12,88 r133,3 a40 s60,7 t k c12.7,3.101 p41.42 m41.42.43 o w x');
    expect(legalFromWire(wire, hand)).toEqual(legal);
    expect(legalToWire([{ type: 'discard', tiles: hand }], hand)).toBe('d');
    expect(legalFromWire('d', hand)).toEqual([{ type: 'discard', tiles: hand }]);
    expect(legalToWire([], hand)).toBe('');
    expect(legalFromWire('', hand)).toEqual([]);
  });

  it('a text no server writes is refused, not read as something else', () => {
    for (const bad of ['z', 'd1;2', 'dx', 'd 1', ' ', 'D']) expect(() => legalFromWire(bad, [1, 2]), bad).toThrow(/not a legal-actions text/);
  });
});
