import { isRedId, kindOf } from '@jantaku/shared/tiles/index';
import { h } from './dom';
import { tileEl } from './tiles';
import type { FuritenKind, Wait } from './waits';
import { t } from './i18n';

/** The play-information line under the hand: waits with unseen counts, and the furiten mark. */
export function waitsInfoEl(waits: readonly Wait[], furiten: readonly FuritenKind[], forTile: number | null): HTMLElement {
  const total = waits.reduce((a, w) => a + w.unseen, 0);
  const el = h(
    'div',
    { class: 'waits-info', id: 'waits', 'data-for': forTile ?? '', 'data-total': waits.length ? total : '' },
    waits.length ? h('small', {}, t(forTile !== null ? 'waits.forDiscard' : 'waits')) : null,
    waits.map((w) =>
      h('span', { class: 'wait', 'data-kind': w.kind, 'data-unseen': w.unseen, title: t('waits.unseen', { n: w.unseen }) }, kindEl(w.kind), h('b', {}, `×${w.unseen}`)),
    ),
    waits.length ? h('small', { class: 'total' }, t('waits.left', { n: total })) : null,
    // The mark speaks of the hand now, not of a discard being considered.
    furiten.length && forTile === null ? h('span', { class: 'badge furiten', id: 'furiten', 'data-kinds': furiten.join(' '), title: furiten.join(', ') }, t('waits.furiten')) : null,
  );
  return el;
}

/** A tile standing for a kind: no `data-tile`, since no particular copy is meant (the page holds no id the seat has not seen). */
function kindEl(kind: number): HTMLElement {
  const el = tileEl(kind * 4 + (kind % 9 === 4 && kind < 27 ? 1 : 0), { size: 'sm' });
  delete el.dataset.tile;
  el.dataset.kind = String(kind);
  return el;
}

/** Marks every face-up tile under `root` whose kind is a dora (`dora`), and red fives (`red`) when the rules count them. */
export function markTiles(root: HTMLElement, dora: ReadonlySet<number>, redFives: readonly number[]): void {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('.tile[data-tile], .tile[data-kind]'))) {
    const t = el.dataset.tile === undefined ? null : Number(el.dataset.tile);
    const kind = t === null ? Number(el.dataset.kind) : kindOf(t);
    if (dora.has(kind)) el.classList.add('dora');
    if (t !== null && isRedId(t) && redFives[Math.floor(kind / 9)]) el.classList.add('red');
  }
}

/** A score difference as the viewer reads it: "+3,200", "−8,000", "±0". */
export const diffText = (d: number): string => (d === 0 ? '±0' : `${d > 0 ? '+' : '−'}${Math.abs(d).toLocaleString('en-US')}`);
