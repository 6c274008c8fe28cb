import { it } from 'vitest';
import { refereeScenario, refPlay, refTsumogiri, refPassClaims, tileOf } from '../support/scenario';
it('scratch', () => {
  const ref = refereeScenario({ rules: 'wrc2015', haipai: ['147m258p369s1234z', '123m456p789s1155z', '234m567p678s6677z', '147m258p369s2345z'], draws: ['9m', '9p', '1s', '8m'] });
  const g = ref.game;
  console.log(g.seats.map((s) => s.waits()), g.legalActions(0));
  refTsumogiri(ref); refTsumogiri(ref);
  console.log(g.legalActions(2));
  const r = ref.apply(2, { type: 'riichi', tile: tileOf(g, 2, '1s') });
  console.log(JSON.stringify(r));
  console.log(JSON.stringify(refPassClaims(ref)));
  const t0 = Date.now();
  const n = 0;
  while (g.phase === 'turn') refTsumogiri(ref);
  console.log(Date.now() - t0, JSON.stringify(g.lastResult), g.scores);
});
