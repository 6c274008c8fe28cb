import type { SeatState } from '@jantaku/shared/schema/table';
import { boardEl, fetchGameInfo, handOver, openHandEl, type BoardSeat, type GameInfo, type SeatParts } from './board';
import { CommentaryState } from './commentary';
import { h, patch } from './dom';
import { faultsView } from './faultsView';
import { onLanguage, t } from './i18n';
import { windName } from './tileNames';
import { clockSeconds, tableName } from './tableName';
import type { JantakuClient, Table } from './net';
import type { Commentary } from '@jantaku/client-sdk';
import { resultContextOf, resultEl, standingsEl } from './result';

/**
 * The commentator's page: the table as the delayed feed tells it, every concealed hand face up.
 * Everything on the board comes from the feed (CommentaryState); the live state, which is ahead
 * by the table's delay, gives only the seats' names and whether a bot plays them.
 */
export function renderCommentator(root: HTMLElement, table: Table, net: JantakuClient, onLeave: () => void): () => void {
  const board = new CommentaryState();
  let info: GameInfo = {};
  /** The feed's delay as measured: the least lag of a batch behind its server time (backlog batches lag more). */
  let delayMs: number | null = null;
  /** Why the feed stopped, in the language of the moment it is drawn. */
  let disconnected: (() => string) | null = null;

  fetchGameInfo(net, table.id, (g) => {
    info = g;
    draw();
  });

  const live = (s: number) => table.state?.seats?.[s] as (SeatState & { presence?: string }) | undefined;
  const isBot = (s: number): boolean => {
    const st = live(s);
    return !!st && (st.bot || st.presence === 'bot' || info.seats?.[s]?.kind === 'bot');
  };
  const who = (s: number): string => live(s)?.name || (isBot(s) ? t('cmt.bot') : t('table.seatN', { seat: s }));
  const label = (s: number): string => `${windName(board.seats[s].wind)} · ${who(s)}`;

  const parts = (s: BoardSeat): SeatParts => {
    const seat = board.seats[s.seat];
    return {
      who: who(s.seat),
      badges: [isBot(s.seat) ? h('span', { class: 'badge' }, t('cmt.badgeBot')) : null],
      concealed: openHandEl(s.seat, seat.hand, seat.drawn),
      melds: true,
    };
  };

  function banner(): HTMLElement {
    // The server releases a hand only once it has ended (and the table's delay has passed): nobody at the table can be helped by it.
    const behind = delayMs === null ? t('cmt.waitingFirst') : t('cmt.behind', { delay: secondsText(delayMs) });
    return h('p', { class: 'commentary-banner', id: 'commentary-banner', role: 'status', 'data-delay-ms': delayMs ?? '' }, h('strong', {}, t('cmt.view')), ` — ${behind}`);
  }

  function results(): HTMLElement | null {
    if (!handOver(board)) return null;
    const r = board.lastResult;
    return h(
      'div',
      { class: 'commentary-result panel' },
      r
        ? resultEl(r, resultContextOf(board, board.hands, label))
        : null,
      board.standings ? standingsEl(board.standings, { label, returnPoints: info.rules?.returnPoints, logHref: (sub) => net.gameUrl(table.id, sub) }) : null,
    );
  }

  function draw(): void {
    const header = h(
      'header',
      { class: 'bar' },
      h('a', { href: '#/', class: 'back', onclick: (e: Event) => (e.preventDefault(), onLeave()) }, t('page.lobby')),
      // Named by its creator, else from its ruleset and settings: never by an internal id such as tenhou+custom.
      table.state?.ruleset ? h('span', { class: 'tag', id: 'table-name' }, tableName({ name: table.state.name, ruleset: table.state.ruleset, length: info.rules?.length, clock: clockSeconds(info.rules?.timeControl) })) : null,
      h('span', { class: 'tag watching', id: 'commentating' }, t('cmt.tag')),
      h('span', { class: 'id' }, t('table.id', { id: table.id })),
    );
    patch(
      root,
      h(
        'div',
        {
          class: 'table-page commentator',
          id: 'table',
          'data-key': `${board.hands}:${board.handEvents}`,
          'data-hand-key': board.handKey,
          'data-events': board.handEvents,
          'data-phase': board.phase,
        },
        header,
        banner(),
        disconnected ? h('p', { class: 'error' }, disconnected()) : null,
        board.dealt ? boardEl(board.seats, board, 0, parts) : h('p', { class: 'status commentary-wait' }, t('cmt.waitDeal')),
        results(),
        faultsView(board.faults, { label, viewer: null, chombo: info.rules?.chombo }),
      ),
    );
  }

  // A hand arrives whole once it has ended: it is played back at the pace it was played, each
  // batch `offset` ms after it happened (the offset only grows, so the order holds and nothing
  // shows before it arrived).
  const queue: Commentary[] = [];
  let offset = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const pump = () => {
    timer = null;
    while (queue.length > 0 && queue[0].at + offset <= Date.now()) {
      board.applyBatch(queue.shift()!);
      draw();
    }
    if (queue.length > 0) timer = setTimeout(pump, queue[0].at + offset - Date.now());
  };
  const offFeed = table.on('commentary', (batch) => {
    const lag = Date.now() - batch.at;
    if (lag >= 0 && (delayMs === null || lag < delayMs)) delayMs = lag;
    if (queue.length === 0) offset = Math.max(offset, lag);
    queue.push(batch);
    if (!timer) pump();
  });
  // Names and presence come from the live state.
  const offChange = table.on('change', () => draw());
  const offLeave = table.on('leave', ({ code, reason }) => {
    disconnected = () => t('cmt.disconnected', { reason: reason ?? t('cmt.code', { code }) });
    draw();
  });
  // The table's route is kept on a switch of language (main.ts), so this page draws itself again.
  const offLanguage = onLanguage(draw);
  draw();
  return () => {
    if (timer) clearTimeout(timer);
    offLanguage();
    offFeed();
    offChange();
    offLeave();
  };
}

/** "0.5 s", "30 s", "120 s" (tenths below 10 s, rounded down: the lag includes the network's). */
export function secondsText(ms: number): string {
  return t('cmt.seconds', { n: ms < 10_000 ? Math.floor(ms / 100) / 10 : Math.round(ms / 1000) });
}
