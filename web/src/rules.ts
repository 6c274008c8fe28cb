import { CATALOGUE } from '@jantaku/shared/referee/catalogue';
import { isRuleId, rulebookOf } from '@jantaku/shared/referee/ids';
import { h, replace } from './dom';
import { penaltyWords } from './labels';

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
  const back = h('a', { href: '#/', class: 'back' }, '← Lobby');
  if (!isRuleId(id)) {
    replace(root, h('section', { class: 'rule-page', id: 'rule' }, back, h('h1', {}, id), h('p', { class: 'error' }, 'No rule has this ID.')));
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
      h('p', {}, 'Penalty: ', h('strong', {}, e.penalty ? penaltyWords(e.penalty) : 'none (a rule of play or a definition)')),
      h('p', {}, e.online ? 'Judged by the server.' : `Judged by a referee at the table: ${e.whyNotOnline}`),
      e.cases?.length ? h('p', {}, 'Cases: ', e.cases.map((c, i) => [i ? ', ' : '', h('a', { href: ruleHref(c) }, c)])) : null,
    ),
  );
  return () => {};
}
