import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { t } from './i18n';

/** Issue 15 item 9: what a screen reader hears, through the table's live region, for an event (null: nothing), in the page's language. */
const CALLS = ['chii', 'pon', 'daiminkan', 'shouminkan', 'ankan'];
const call = (type: string): string => (CALLS.includes(type) ? t(`call.${type}` as 'call.pon') : type);

export function announcement(e: RefereeEvent, label: (seat: number) => string): string | null {
  switch (e.type) {
    case 'called':
      return t('say.calls', { who: label(e.seat), call: call(e.meld.type) });
    case 'discarded':
      return e.riichi ? t('say.riichi', { who: label(e.seat) }) : null;
    case 'handEnded': {
      const r = e.result;
      if (r.kind === 'win') {
        return r.wins
          .map((w) => {
            const score = w.score.yakuman ? t('say.yakuman') : t('say.hanFu', { han: w.score.han, fu: w.score.fu });
            const points = `${w.deltas[w.winner] > 0 ? '+' : ''}${w.deltas[w.winner]}`;
            return w.tsumo ? t('say.tsumo', { who: label(w.winner), score, points }) : t('say.ron', { who: label(w.winner), from: label(w.from), score, points });
          })
          .join(' ');
      }
      if (r.kind === 'draw') return r.tenpai.length ? t('say.drawTenpai', { seats: r.tenpai.map(label).join(', ') }) : t('say.drawNoTenpai');
      return t('say.chombo');
    }
    case 'fault':
      return t('say.fault', { who: label(e.seat), rule: e.rule });
    default:
      return null;
  }
}
