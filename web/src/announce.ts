import type { RefereeEvent } from '@jantaku/shared/referee/referee';

/** Issue 15 item 9: what a screen reader hears, through the table's live region, for an event (null: nothing). */
const CALLS: Record<string, string> = { chii: 'chii', pon: 'pon', daiminkan: 'open kan', shouminkan: 'added kan', ankan: 'concealed kan' };

export function announcement(e: RefereeEvent, label: (seat: number) => string): string | null {
  switch (e.type) {
    case 'called':
      return `${label(e.seat)} calls ${CALLS[e.meld.type] ?? e.meld.type}.`;
    case 'discarded':
      return e.riichi ? `${label(e.seat)} declares riichi.` : null;
    case 'handEnded': {
      const r = e.result;
      if (r.kind === 'win') {
        return r.wins
          .map((w) => `${label(w.winner)} wins by ${w.tsumo ? 'tsumo' : `ron from ${label(w.from)}`}: ${w.score.yakuman ? 'yakuman' : `${w.score.han} han ${w.score.fu} fu`}, ${w.deltas[w.winner] > 0 ? '+' : ''}${w.deltas[w.winner]} points.`)
          .join(' ');
      }
      if (r.kind === 'draw') return `Draw${r.tenpai.length ? `: tenpai ${r.tenpai.map(label).join(', ')}` : ': nobody tenpai'}.`;
      return 'Chombo: the hand is void.';
    }
    case 'fault':
      return `Fault by ${label(e.seat)}: ${e.rule}.`;
    default:
      return null;
  }
}
