/**
 * Temporary furiten and the kans of other players, under every shipped ruleset
 * (EMA12-FURITEN-TEMP; ruleset fields tempFuritenEndsOnCall and tempFuritenEndsOnConcealedKan).
 *
 * Seat 2 waits on 1m-4m (4m gives tanyao, 1m no yaku). Seat 3 throws 1m and seat 2 lets it pass:
 * temporarily furiten. Before seat 2 draws again, seat 1 makes a kan (open, concealed or added)
 * and throws 4m from its hand. Under ema2012 the kan ended the furiten and the ron is a valid
 * win; under the other rulesets seat 2 is still furiten.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '@jantaku/shared/game/game';
import type { Referee } from '@jantaku/shared/referee/referee';
import { SHIPPED_RULESETS, type ShippedRulesetName } from '@jantaku/shared/rules/index';
import { discard, refPassClaims, refPlay, refTsumogiri, refereeScenario, tileOf, tilesOf, type Scenario } from '../support/scenario';

type Kan = 'daiminkan' | 'ankan' | 'shouminkan';

const SEAT2 = '23m234p222s567s55p';
const SEAT3 = '1m258p369s147m234z';

const specs: Record<Kan, Omit<Scenario, 'rules'>> = {
  // Seat 0 draws the fourth 6z on its second turn and throws it; seat 1 holds three.
  daiminkan: { haipai: ['7z147p258s3469m15z', '4m666z369m147s235z', SEAT2, SEAT3], draws: ['9p6z', '9s8s', '9p', '8p'] },
  // Seat 1 holds three 6z and draws the fourth on its second turn.
  ankan: { haipai: ['7z147p258s3469m15z', '4m666z369m147s235z', SEAT2, SEAT3], draws: ['9p8p', '9s6z8s', '9p', '8p'] },
  // Seat 1 pons seat 0's first 7z and draws the fourth 7z on its next turn.
  shouminkan: { haipai: ['7z147p258s3469m15z', '4m77z369m147s2356z', SEAT2, SEAT3], draws: ['9p8p', '7z8s', '9p', '8p'] },
};

/** Plays up to seat 1's discard of 4m after its kan; returns with the claim window on that 4m open. */
function upToTheKanDiscard(ref: Referee, kan: Kan): void {
  const g = ref.game;
  if (kan === 'shouminkan') {
    refPlay(ref, discard(g, 0, '7z'));
    refPlay(ref, [1, { type: 'pon', tiles: tilesOf(g, 1, '77z') as [number, number] }]);
    refPassClaims(ref);
    refPlay(ref, discard(g, 1, '2z'));
    refPassClaims(ref);
  } else {
    refTsumogiri(ref);
    refTsumogiri(ref);
  }
  refTsumogiri(ref); // seat 2
  expect(g.turn).toBe(3);
  refPlay(ref, discard(g, 3, '1m'));
  refPassClaims(ref);
  expect(g.seats[2].furitenTemp).toBe(true);
  if (kan === 'daiminkan') {
    refPlay(ref, discard(g, 0, '6z'));
    refPlay(ref, [1, { type: 'daiminkan' }]);
    refPassClaims(ref);
  } else {
    refTsumogiri(ref); // seat 0
    const tile = tileOf(g, 1, kan === 'ankan' ? '6z' : '7z');
    refPlay(ref, [1, { type: kan, tile }]);
    refPassClaims(ref); // a chankan window on the added tile: nobody robs it
  }
  expect(g.seats[1].melds.at(-1)!.type).toBe(kan);
  expect(g.turn).toBe(1);
  refPlay(ref, discard(g, 1, '4m'));
  expect(g.phase).toBe('claims');
}

const canRon = (g: Game) => g.legalActions(2).some((a) => a.type === 'ron');

describe('EMA12-FURITEN-TEMP: a kan by another player and temporary furiten, per ruleset', () => {
  for (const kan of ['daiminkan', 'ankan', 'shouminkan'] as const) {
    it(`EMA12-FURITEN-TEMP: under ema2012 another player's ${kan} ends it, and the ron on his next discard is a valid win (no EMA12-CHOMBO-FALSE-WIN)`, () => {
      const ref = refereeScenario({ rules: 'ema2012', ...specs[kan] });
      upToTheKanDiscard(ref, kan);
      expect(ref.game.seats[2].furitenTemp).toBe(false);
      expect(canRon(ref.game)).toBe(true);
      const r = ref.apply(2, { type: 'ron' });
      expect(r.ok && r.fault).toBeUndefined();
      refPassClaims(ref);
      expect(ref.faults).toEqual([]);
      expect(ref.game.lastResult).toMatchObject({ kind: 'win', wins: [{ winner: 2, from: 1, tsumo: false }] });
    });

    for (const name of Object.keys(SHIPPED_RULESETS).filter((n) => n !== 'ema2012') as ShippedRulesetName[]) {
      it(`EMA12-FURITEN-TEMP: under ${name} another player's ${kan} does not end it (tempFuritenEndsOnCall and tempFuritenEndsOnConcealedKan false)`, () => {
        const ref = refereeScenario({ rules: name, ...specs[kan] });
        expect(ref.rules.tempFuritenEndsOnCall).toBe(false);
        expect(ref.rules.tempFuritenEndsOnConcealedKan).toBe(false);
        upToTheKanDiscard(ref, kan);
        expect(ref.game.seats[2].furitenTemp).toBe(true);
        expect(canRon(ref.game)).toBe(false);
        expect(ref.game.check(2, { type: 'ron' })).toMatchObject({ code: 'FURITEN' });
      });
    }
  }
});

describe("EMA12-FURITEN-TEMP: temporary furiten lasts until the player's own next discard, after his draw or his own call", () => {
  // Seat 2 waits on 1m-4m with a pair of 7z; it lets 1m pass, pons seat 0's 7z (yakuhai) and
  // throws 2m: now it waits on 3m alone, which seat 3 throws before seat 2 draws again.
  const spec: Omit<Scenario, 'rules'> = {
    haipai: ['7z147p258s3469m15z', '19m258p369s12356z', '23m234p567s678m77z', SEAT3],
    draws: ['9p8p', '9s', '9p', '8p3m'],
  };
  for (const name of Object.keys(SHIPPED_RULESETS) as ShippedRulesetName[]) {
    it(`EMA12-FURITEN-TEMP: under ${name} the player's own call and discard end it; a ron before his next draw is a valid win`, () => {
      const ref = refereeScenario({ rules: name, ...spec });
      const g = ref.game;
      refTsumogiri(ref);
      refTsumogiri(ref);
      refTsumogiri(ref);
      refPlay(ref, discard(g, 3, '1m'));
      refPassClaims(ref);
      expect(g.seats[2].furitenTemp).toBe(true);
      refPlay(ref, discard(g, 0, '7z'));
      refPlay(ref, [2, { type: 'pon', tiles: tilesOf(g, 2, '77z') as [number, number] }]);
      refPassClaims(ref);
      refPlay(ref, discard(g, 2, '2m'));
      expect(g.seats[2].furitenTemp).toBe(false);
      refPassClaims(ref);
      refPlay(ref, discard(g, 3, '3m'));
      expect(canRon(g)).toBe(true);
      refPlay(ref, [2, { type: 'ron' }]);
      refPassClaims(ref);
      expect(ref.faults).toEqual([]);
      expect(g.lastResult).toMatchObject({ kind: 'win', wins: [{ winner: 2, from: 3 }] });
    });
  }
});
