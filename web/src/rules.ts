import { CATALOGUE } from '@jantaku/shared/referee/catalogue';
import { isRuleId, rulebookOf } from '@jantaku/shared/referee/ids';
import { h, replace } from './dom';
import { penaltyWords } from './labels';
import { language, t } from './i18n';

/**
 * `#/rules/<ID>`: one rule of the catalogue (shared/src/referee/catalogue.ts, the source of
 * docs/rules.md): its name, what it says, its penalty, and whether the server judges it.
 */

const RULEBOOK_NAMES: Record<string, string> = {
  wrc: 'World Riichi Championship 2015',
  ema12: 'EMA Riichi Competition Rules 2008/2012',
  russian: 'Russian riichi rules',
  wsom: 'World Series of Mahjong',
};

/** The address of a rule's page (opened beside the table, so the game stays open). */
export const ruleHref = (id: string): string => `#/rules/${encodeURIComponent(id)}`;

export function renderRule(root: HTMLElement, id: string): () => void {
  const back = h('a', { href: '#/', class: 'back' }, t('page.lobby'));
  if (!isRuleId(id)) {
    replace(root, h('section', { class: 'rule-page', id: 'rule' }, back, h('h1', {}, id), h('p', { class: 'error' }, t('rule.none'))));
    return () => {};
  }
  const e = CATALOGUE[id];
  replace(
    root,
    h(
      'section',
      { class: 'rule-page', id: 'rule', 'data-rule': id },
      back,
      h('h1', {}, h('code', {}, id), ' ', e.title),
      h('p', { class: 'rulebook' }, RULEBOOK_NAMES[rulebookOf(id)] ?? rulebookOf(id)),
      h('p', { class: 'rule-text', id: 'rule-text' }, e.reason),
      // The rule's own words stay the catalogue's English (docs/I18N.md): the rulebooks are English, by rule ID.
      language() === 'ja' ? h('p', { class: 'status', id: 'rule-language' }, t('rule.english')) : null,
      h('p', {}, t('rule.penalty'), h('strong', {}, e.penalty ? penaltyWords(e.penalty) : t('rule.noPenalty'))),
      h('p', {}, e.online ? t('rule.online') : t('rule.offline', { why: e.whyNotOnline })),
      e.cases?.length ? h('p', {}, t('rule.cases'), e.cases.map((c, i) => [i ? ', ' : '', h('a', { href: ruleHref(c) }, c)])) : null,
    ),
  );
  return () => {};
}
