import { h, replace } from './dom';
import { loginForm } from './login';
import type { JantakuClient } from './net';
import { t } from './i18n';
import { windName } from './tileNames';
import { tableName } from './tableName';

/**
 * A tournament's page (`#/tournament/:id`): the live standings, each round's tables with a link
 * to watch any of them and, once a game is over, its logs; the exports; and, for a player logged
 * in here, their next table with a link that seats them at it. From the HTTP API
 * (docs/TOURNAMENTS.md); it looks again every few seconds while open, so the standings follow the
 * games and the referee's decisions.
 */

interface Event {
  id: string;
  name: string;
  settings: { ruleset: string; rounds: number; hanchansPerRound: number; seating: string; spectators: string; duplicate: boolean };
  rounds: {
    round: number;
    started: boolean;
    repeatPairs: number;
    tables: { table: number; seats: (string | null)[] }[];
    hanchans: { id: string; table: number; status: string; players: (string | null)[]; game: string | null; watch: string | null; logs: { tenhou6: string; mjai: string } | null }[];
  }[];
}

interface Next {
  round: number;
  table: number;
  seat: number;
  game: string | null;
  status: string;
}

interface Standings {
  standings: { rank: number | null; player: string; id: string; role: string; total: number; penalties: number; hanchans: { kind: string }[]; disqualified: string | null }[];
}

const REFRESH_MS = 5000;
/** A hanchan's status in words (an unknown one as it came). */
const statusWord = (s: string): string => (s === 'scheduled' || s === 'finished' || s === 'void' ? t(`tour.status.${s}`) : s);
const points = (n: number) => (n > 0 ? `+${n.toFixed(1)}` : n < 0 ? `\u2212${(-n).toFixed(1)}` : '0.0');

export function renderTournament(root: HTMLElement, net: JantakuClient, id: string): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const path = `/api/tournaments/${encodeURIComponent(id)}`;
  const header = (name: string) => h('header', { class: 'top' }, h('a', { href: '#/', class: 'back' }, t('page.lobby')), h('h1', {}, name));

  const standingsEl = (s: Standings) =>
    h(
      'table',
      { id: 'standings', class: 'event-standings' },
      h('thead', {}, h('tr', {}, h('th', {}, t('tour.rank')), h('th', {}, t('tour.player')), h('th', {}, t('tour.total')), h('th', {}, t('tour.penalties')), h('th', {}, t('tour.hanchans')))),
      h(
        'tbody',
        {},
        s.standings.map((r) =>
          h(
            'tr',
            { 'data-player': r.id, 'data-rank': r.rank ?? '', 'data-total': r.total, 'data-penalties': r.penalties, class: r.rank === null ? 'unranked' : '' },
            h('td', {}, r.rank ?? (r.disqualified ? t('tour.dq') : '—')),
            h('td', {}, r.player, r.role === 'substitute' ? h('span', { class: 'tag' }, t('tour.substitute')) : null),
            h('td', { class: 'num' }, points(r.total)),
            h('td', { class: 'num' }, r.penalties ? String(r.penalties) : ''),
            h('td', { class: 'num' }, r.hanchans.filter((x) => x.kind === 'played').length),
          ),
        ),
      ),
    );

  const roundEl = (r: Event['rounds'][number]) =>
    h(
      'section',
      { class: 'event-round', 'data-round': r.round },
      h('h2', {}, t('tour.round', { n: r.round }), h('span', { class: 'tag' }, r.started ? t('tour.started') : t('tour.seated'))),
      h(
        'ul',
        { class: 'event-tables' },
        r.tables.map((tb) => {
          const games = r.hanchans.filter((x) => x.table === tb.table);
          return h(
            'li',
            { 'data-table': tb.table },
            h('strong', {}, t('tour.table', { n: tb.table })),
            ' ',
            tb.seats.map((p, i) => h('span', { class: 'chip' }, `${windName(27 + i)} ${p ?? '—'}`)),
            games.map((g) =>
              h(
                'span',
                { class: 'event-game', 'data-hanchan': g.id, 'data-status': g.status },
                ' ',
                h('span', { class: 'tag' }, g.status === 'inProgress' || (g.status === 'scheduled' && g.game) ? t('tour.playing') : statusWord(g.status)),
                // The API's links are the server's: pages by their hash, files from the server.
                g.watch && g.status !== 'finished' && g.status !== 'void' ? [' ', h('a', { href: g.watch.replace(/^\/(?=#)/, ''), class: 'watch' }, t('tour.watch'))] : null,
                g.game && g.status === 'finished' ? [' ', h('a', { href: `#/replay/${encodeURIComponent(g.game)}`, class: 'replay' }, t('page.replay'))] : null,
                g.logs ? [' · ', h('a', { href: `${net.http}${g.logs.tenhou6}`, download: '' }, 'tenhou.net/6'), ' · ', h('a', { href: `${net.http}${g.logs.mjai}`, download: '' }, 'mjai')] : null,
              ),
            ),
          );
        }),
      ),
    );

  // Made once: the page is redrawn every few seconds, and what is typed in the form must stay.
  const failed = h('p', { class: 'error', id: 'login-error' });
  const login = loginForm(net, t('tour.loginTitle'), () => void load(), (reason) => (failed.textContent = reason));
  /** "Your next table": the account's seat, or the form to log in. */
  const yours = async (): Promise<HTMLElement> => {
    if (!net.session) return h('section', { id: 'your-table' }, login, failed);
    const res = await fetch(`${net.http}${path}/next`, { headers: { authorization: `Bearer ${net.session}` } });
    if (res.status === 401) {
      net.forget();
      return h('section', { id: 'your-table' }, login, failed);
    }
    const { next } = (await res.json()) as { next: Next | null };
    const where = next ? t('tour.where', { round: next.round, table: next.table, seat: windName(27 + next.seat) }) : t('tour.noTable');
    return h(
      'section',
      { id: 'your-table', 'data-game': next?.game ?? '' },
      h('h2', {}, t('tour.next')),
      h('p', {}, where, ' ', next?.game ? h('a', { href: `#/table/${encodeURIComponent(next.game)}`, id: 'join-table', class: 'primary' }, t('tour.go')) : next ? t('tour.notStarted') : null),
    );
  };

  const load = async () => {
    try {
      const [event, standings, mine] = await Promise.all([net.getJson<Event>(path), net.getJson<Standings>(`${path}/standings`), yours()]);
      if (stopped) return;
      if (!event || !standings) {
        replace(root, header(t('tour.tournament')), h('p', { class: 'error', id: 'event-error' }, t('tour.none')));
        return;
      }
      const s = event.settings;
      replace(
        root,
        header(event.name),
        h(
          'main',
          { class: 'event', id: 'event', 'data-id': event.id },
          h(
            'p',
            { class: 'status' },
            t('tour.settings', {
              ruleset: tableName({ ruleset: s.ruleset }),
              rounds: t(s.rounds > 1 ? 'tour.roundsMany' : 'tour.roundsOne', { n: s.rounds }),
              hanchans: t(s.hanchansPerRound > 1 ? 'tour.hanchansMany' : 'tour.hanchansOne', { n: s.hanchansPerRound }),
              seating: s.seating,
              duplicate: s.duplicate ? t('tour.duplicate') : '',
              spectators: s.spectators,
            }),
          ),
          mine,
          h('h2', {}, t('tour.standings')),
          standingsEl(standings),
          h(
            'p',
            { class: 'downloads' },
            t('page.download'),
            h('a', { href: `${net.http}${path}/standings.csv`, download: '', id: 'dl-standings' }, t('tour.dlStandings')),
            ' · ',
            h('a', { href: `${net.http}${path}/penalties.csv`, download: '', id: 'dl-penalties' }, t('tour.dlPenalties')),
            ' · ',
            h('a', { href: `${net.http}${path}/ema.csv`, download: '', id: 'dl-ema' }, t('tour.dlEma')),
          ),
          h('p', {}, h('a', { href: `#/tournament/${encodeURIComponent(event.id)}/desk`, id: 'to-desk' }, t('tour.desk')), t('tour.organiser')),
          [...event.rounds].reverse().map(roundEl),
        ),
      );
    } catch {
      if (!stopped && !document.getElementById('event')) replace(root, header(t('tour.tournament')), h('p', { class: 'error', id: 'event-error' }, t('tour.noAnswer')));
    }
    if (!stopped) timer = setTimeout(() => void load(), REFRESH_MS);
  };
  replace(root, header(t('tour.tournament')), h('p', { class: 'status' }, t('page.loading')));
  void load();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
