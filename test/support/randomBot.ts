import type { Command, LegalAction } from '@jantaku/shared/game/types';
import { Rng } from '@jantaku/shared/game/rng';

/** Every concrete command a list of legal actions allows. */
export function commandsOf(legal: readonly LegalAction[]): Command[] {
  const out: Command[] = [];
  for (const a of legal) {
    switch (a.type) {
      case 'discard':
      case 'riichi':
      case 'ankan':
      case 'shouminkan':
        for (const tile of a.tiles) out.push({ type: a.type, tile });
        break;
      case 'chii':
      case 'pon':
        for (const tiles of a.options) out.push({ type: a.type, tiles });
        break;
      case 'daiminkan':
        out.push({ type: 'daiminkan', tiles: a.tiles });
        break;
      default:
        out.push({ type: a.type });
    }
  }
  return out;
}

/**
 * Random legal play, biased so that hands reach every corner: wins are always taken, riichi,
 * kans and calls often, kyuushu rarely (it would end too many hands at once).
 */
export function randomChooser(seed: string) {
  const rng = new Rng(seed);
  return (legal: readonly LegalAction[]): Command => {
    const cmds = commandsOf(legal);
    const pick = (type: Command['type']) => cmds.filter((c) => c.type === type);
    for (const type of ['tsumo', 'ron'] as const) if (pick(type).length) return pick(type)[0];
    const roll = rng.int(100);
    for (const [type, pct] of [['riichi', 60], ['ankan', 50], ['shouminkan', 50], ['daiminkan', 40], ['pon', 25], ['chii', 20], ['kyuushu', 10]] as const) {
      const c = pick(type);
      if (c.length && roll < pct) return c[rng.int(c.length)];
    }
    const rest = cmds.filter((c) => !['riichi', 'ankan', 'shouminkan', 'daiminkan', 'pon', 'chii', 'kyuushu'].includes(c.type));
    return rest[rng.int(rest.length)];
  };
}
