import { h } from './dom';
import { effectWords, penaltyWords } from './labels';
import { ruleHref } from './rules';
import { faultSentence, ruleTitle, type FaultLike, type WordsContext } from './words';
import { language, t } from './i18n';

/** A fault as the page keeps it: the event and the hand it happened in (for its dealer). */
export type ShownFault = FaultLike & { effect?: string; dealer?: number };

/** The rule ID as a link to its text, opened beside the table so the game stays open. */
export const ruleLink = (rule: string): HTMLElement =>
  h('a', { class: 'rule', href: ruleHref(rule), target: '_blank', rel: 'noopener', title: ruleTitle(rule), 'data-rule-link': rule }, h('code', {}, rule));

/**
 * The referee's box: each fault in a sentence, its rule (linked), the penalty and what happens to
 * the move. The rule's title is the catalogue's English: a Japanese page shows it only on the link.
 */
export function faultsView(faults: readonly ShownFault[], ctx: Omit<WordsContext, 'dealer'>): HTMLElement | null {
  if (!faults.length) return null;
  return h(
    'section',
    { class: 'faults', id: 'faults', 'aria-live': 'polite' },
    h('h2', {}, t('faults.referee')),
    faults.slice(0, 6).map((f) =>
      h(
        'div',
        { class: 'fault', 'data-rule': f.rule, 'data-seat': f.seat },
        h('div', { class: 'fault-head' }, h('strong', {}, ctx.label(f.seat)), ' — ', ruleLink(f.rule), language() === 'ja' ? '' : ` ${ruleTitle(f.rule)}`),
        h('div', { class: 'sentence' }, faultSentence(f, { ...ctx, dealer: f.dealer })),
        h('div', { class: 'penalty' }, t('faults.penalty'), h('strong', {}, penaltyWords(f.penalty, ctx.chombo ? { chombo: ctx.chombo } : undefined)), f.effect ? ` · ${effectWords(f.effect)}` : ''),
      ),
    ),
  );
}
