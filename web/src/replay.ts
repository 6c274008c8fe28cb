import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { boardEl, handOver, openHandEl, type BoardSeat, type GameInfo, type SeatParts } from './board';
import { CommentaryState } from './commentary';
import { h, patch } from './dom';
import { faultsView } from './faultsView';
import { roundName } from './labels';
import { windName } from './tileNames';
import type { JantakuClient } from './net';
import { t } from './i18n';
import { DOWNLOADS, resultContextOf, resultEl, standingsEl } from './result';

/**
 * The replay page (`#/replay/:id`): a game's ended hands, every action stepped through with all
 * hands open. The server sends each hand's events one step per action (GET /api/games/:id/replay,
 * ended hands only, so a running table's hand in play is never there); the board is rebuilt from
 * them with the commentator's CommentaryState, from the hand's deal up to the step shown. Each
 * step patches the page (dom.ts), so the button pressed keeps the focus and Enter steps on.
 */

/** The answer of `GET /api/games/:id/replay`. */
export interface ReplayData {
  id: string;
  status: string;
  names: string[];
  returnPoints?: number;
  hands: { steps: { seat: number; n: number; events: RefereeEvent[] }[] }[];
}

/** The board after steps 0..`step` of `hand` (a hand's deal is its step 0). */
export function positionAt(data: ReplayData, hand: number, step: number): CommentaryState {
  const board = new CommentaryState();
  for (const s of data.hands[hand].steps.slice(0, step + 1)) for (const e of s.events) board.apply(e);
  return board;
}

const handTitle = (data: ReplayData, i: number): string => {
  const start = data.hands[i].steps[0]?.events.find((e) => e.type === 'handStarted');
  return start && start.type === 'handStarted' ? start.honba ? t('replay.handTitleHonba', { n: i + 1, round: roundName(start.round), honba: start.honba }) : t('replay.handTitle', { n: i + 1, round: roundName(start.round) })
    : t('replay.handN', { n: i + 1 });
};

/** `code`: a private table's invite code (the replay of a private table's game is answered only with it). */
export function renderReplay(root: HTMLElement, net: JantakuClient, id: string, code?: string): () => void {
  const url = (sub: string): string => {
    const u = net.gameUrl(id, sub);
    return code && !u.includes('code=') ? `${u}?code=${encodeURIComponent(code)}` : u;
  };
  let data: ReplayData | null = null;
  let hand = 0;
  let step = 0;
  let error = '';
  /** The game's rules, for the faults' words (a chombo's size); without them the words still read. */
  let info: GameInfo = {};
  net
    .getJson<GameInfo>(url(''))
    .then((g) => ((info = g ?? {}), draw()))
    .catch(() => {});

  const load = () =>
    net
      .getJson<ReplayData>(url('replay'))
      .then((d) => {
        if (!d) error = t('replay.noGame', { id });
        else {
          const first = !data;
          data = d;
          if (first) (hand = 0), (step = 0);
        }
        draw();
      })
      .catch((e: Error) => ((error = e.message), draw()));

  const steps = () => data!.hands[hand].steps.length;
  const go = (hi: number, si: number) => {
    if (!data || data.hands.length === 0) return;
    hand = Math.max(0, Math.min(data.hands.length - 1, hi));
    step = si < 0 ? steps() - 1 : Math.min(steps() - 1, si);
    draw();
  };
  const next = () => (data && step < steps() - 1 ? go(hand, step + 1) : hand < (data?.hands.length ?? 0) - 1 ? go(hand + 1, 0) : undefined);
  const prev = () => (step > 0 ? go(hand, step - 1) : hand > 0 ? go(hand - 1, -1) : undefined);

  function draw(): void {
    const header = h(
      'header',
      { class: 'bar' },
      h('a', { href: '#/', class: 'back' }, t('page.lobby')),
      h('span', { class: 'tag watching', id: 'replaying' }, t('replay.tag')),
      data ? h('span', { class: 'tag', id: 'replay-status' }, data.status === 'finished' ? t('replay.finished') : t('replay.playing')) : null,
      h('span', { class: 'id' }, t('replay.game', { id })),
    );
    if (!data || data.hands.length === 0) {
      const msg = error || (data ? t('replay.noHand') : t('replay.loading'));
      patch(root, h('div', { class: 'table-page replay', id: 'replay' }, header, h('p', { class: error ? 'error' : 'status' }, msg), data ? h('button', { id: 'reload', onclick: () => void load() }, t('replay.reload')) : null));
      return;
    }
    const d = data;
    const board = positionAt(d, hand, step);
    const label = (s: number): string => `${windName(board.seats[s].wind)} · ${d.names[s] ?? t('table.seatN', { seat: s })}`;
    const parts = (s: BoardSeat): SeatParts => {
      const seat = board.seats[s.seat];
      return { who: d.names[s.seat] ?? t('table.seatN', { seat: s.seat }), badges: [], concealed: openHandEl(s.seat, seat.hand, seat.drawn), melds: true };
    };
    const select = h('select', { id: 'hand-select', 'aria-label': t('replay.hand'), onchange: (e: Event) => go(Number((e.target as HTMLSelectElement).value), 0) }, d.hands.map((_, i) => h('option', { value: i, selected: i === hand }, handTitle(d, i))));
    const controls = h(
      'div',
      { class: 'replay-controls' },
      h('button', { id: 'prev-hand', onclick: () => go(hand - 1, 0), disabled: hand === 0 }, t('replay.prevHand')),
      h('button', { id: 'prev', onclick: prev, disabled: hand === 0 && step === 0 }, t('replay.prev')),
      h('span', { id: 'step', class: 'step' }, t('replay.step', { step, last: steps() - 1 })),
      h('button', { id: 'next', onclick: next, disabled: hand === d.hands.length - 1 && step === steps() - 1 }, t('replay.next')),
      h('button', { id: 'next-hand', onclick: () => go(hand + 1, 0), disabled: hand === d.hands.length - 1 }, t('replay.nextHand')),
      select,
      d.status === 'finished'
        ? h('span', { class: 'downloads' }, t('page.download'), DOWNLOADS.map((f, i) => [i ? ' · ' : '', h('a', { id: `dl-${f.id}`, href: url(f.sub), download: `${id}.${f.ext}` }, f.short)]))
        : h('button', { id: 'reload', onclick: () => void load() }, t('replay.loadMore')),
    );
    const over = handOver(board) && board.lastResult;
    patch(
      root,
      h(
        'div',
        { class: 'table-page replay', id: 'replay', 'data-hand': hand, 'data-step': step, 'data-n': d.hands[hand].steps[step].n, 'data-phase': board.phase },
        header,
        controls,
        boardEl(board.seats, board, 0, parts),
        over
          ? h(
              'div',
              { class: 'commentary-result panel' },
              resultEl(board.lastResult!, resultContextOf(board, hand, label)),
              board.standings ? standingsEl(board.standings, { label, returnPoints: d.returnPoints, logHref: url }) : null,
            )
          : null,
        faultsView(board.faults, { label, viewer: null, chombo: info.rules?.chombo }),
      ),
    );
  }

  // ← → step through actions; with Shift, through hands.
  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement | null)?.tagName === 'SELECT') return;
    if (e.key === 'ArrowRight') e.shiftKey ? go(hand + 1, 0) : next();
    else if (e.key === 'ArrowLeft') e.shiftKey ? go(hand - 1, 0) : prev();
    else return;
    e.preventDefault();
  };
  window.addEventListener('keydown', onKey);
  draw();
  void load();
  return () => window.removeEventListener('keydown', onKey);
}
