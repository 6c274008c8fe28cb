import { h } from './dom';
import { checkFairness, type FairnessReport, type HandVerdict } from './fairnessCheck';
import type { JantakuClient } from './net';
import { t } from './i18n';

const WORDS = { verified: 'fair.verified', mismatch: 'fair.mismatch', pending: 'fair.pending' } as const;

/**
 * A "Check the walls" piece for the result screens: fetches the game's fairness record and
 * checks each finished hand's wall against its commitment in this browser. Returns a render
 * function (the overlay is redrawn often; the check runs only when asked, `redraw` shows it).
 */
export function fairnessCheck(net: JantakuClient, id: string, redraw: () => void): () => HTMLElement {
  let status: 'idle' | 'checking' | 'error' = 'idle';
  let verdicts: HandVerdict[] | null = null;
  const run = async () => {
    status = 'checking';
    redraw();
    try {
      const report = await net.getJson<FairnessReport>(net.gameUrl(id, 'fairness'));
      if (!report || !globalThis.crypto?.subtle) throw new Error('no report, or no SubtleCrypto (it needs https or localhost)');
      verdicts = await checkFairness(report);
      status = 'idle';
    } catch {
      status = 'error';
    }
    redraw();
  };
  return () =>
    h(
      'section',
      { class: 'fairness', id: 'fairness' },
      h('button', { id: 'check-walls', onclick: () => void run(), disabled: status === 'checking' }, t('fair.check')),
      status === 'error' ? h('span', { class: 'tag' }, t('fair.failed')) : null,
      verdicts
        ? h(
            'ul',
            {},
            verdicts.map((v) => h('li', { 'data-hand': v.hand, 'data-verdict': v.verdict, class: v.verdict }, t('fair.hand', { n: v.hand + 1, verdict: t(WORDS[v.verdict]) }))),
          )
        : null,
    );
}
