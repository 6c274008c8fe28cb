import { h, replace } from './dom';
import { loginForm } from './login';
import type { JantakuClient } from './net';

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
const WINDS = ['E', 'S', 'W', 'N'];
const points = (n: number) => (n > 0 ? `+${n.toFixed(1)}` : n < 0 ? `\u2212${(-n).toFixed(1)}` : '0.0');

export function renderTournament(root: HTMLElement, net: JantakuClient, id: string): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const path = `/api/tournaments/${encodeURIComponent(id)}`;
  const header = (name: string) => h('header', { class: 'top' }, h('a', { href: '#/', class: 'back' }, '← Lobby'), h('h1', {}, name));

  const standingsEl = (s: Standings) =>
    h(
      'table',
      { id: 'standings', class: 'event-standings' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Rank'), h('th', {}, 'Player'), h('th', {}, 'Total'), h('th', {}, 'Penalties'), h('th', {}, 'Hanchans'))),
      h(
        'tbody',
        {},
        s.standings.map((r) =>
          h(
            'tr',
            { 'data-player': r.id, 'data-rank': r.rank ?? '', 'data-total': r.total, 'data-penalties': r.penalties, class: r.rank === null ? 'unranked' : '' },
            h('td', {}, r.rank ?? (r.disqualified ? 'DQ' : '—')),
            h('td', {}, r.player, r.role === 'substitute' ? h('span', { class: 'tag' }, 'substitute') : null),
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
      h('h2', {}, `Round ${r.round}`, h('span', { class: 'tag' }, r.started ? 'started' : 'seated')),
      h(
        'ul',
        { class: 'event-tables' },
        r.tables.map((t) => {
          const games = r.hanchans.filter((x) => x.table === t.table);
          return h(
            'li',
            { 'data-table': t.table },
            h('strong', {}, `Table ${t.table}`),
            ' ',
            t.seats.map((p, i) => h('span', { class: 'chip' }, `${WINDS[i]} ${p ?? '—'}`)),
            games.map((g) =>
              h(
                'span',
                { class: 'event-game', 'data-hanchan': g.id, 'data-status': g.status },
                ' ',
                h('span', { class: 'tag' }, g.status === 'inProgress' || (g.status === 'scheduled' && g.game) ? 'playing' : g.status),
                // The API's links are the server's: pages by their hash, files from the server.
                g.watch && g.status !== 'finished' && g.status !== 'void' ? [' ', h('a', { href: g.watch.replace(/^\/(?=#)/, ''), class: 'watch' }, 'Watch')] : null,
                g.game && g.status === 'finished' ? [' ', h('a', { href: `#/replay/${encodeURIComponent(g.game)}`, class: 'replay' }, 'Replay')] : null,
                g.logs ? [' · ', h('a', { href: `${net.http}${g.logs.tenhou6}`, download: '' }, 'tenhou.net/6'), ' · ', h('a', { href: `${net.http}${g.logs.mjai}`, download: '' }, 'mjai')] : null,
              ),
            ),
          );
        }),
      ),
    );

  // Made once: the page is redrawn every few seconds, and what is typed in the form must stay.
  const failed = h('p', { class: 'error', id: 'login-error' });
  const login = loginForm(net, 'Log in to see your table', () => void load(), (reason) => (failed.textContent = reason));
  /** "Your next table": the account's seat, or the form to log in. */
  const yours = async (): Promise<HTMLElement> => {
    if (!net.session) return h('section', { id: 'your-table' }, login, failed);
    const res = await fetch(`${net.http}${path}/next`, { headers: { authorization: `Bearer ${net.session}` } });
    if (res.status === 401) {
      net.forget();
      return h('section', { id: 'your-table' }, login, failed);
    }
    const { next } = (await res.json()) as { next: Next | null };
    const where = next ? `Round ${next.round}, table ${next.table}, seat ${WINDS[next.seat]}` : 'You have no table in this event now.';
    return h(
      'section',
      { id: 'your-table', 'data-game': next?.game ?? '' },
      h('h2', {}, 'Your next table'),
      h('p', {}, where, ' ', next?.game ? h('a', { href: `#/table/${encodeURIComponent(next.game)}`, id: 'join-table', class: 'primary' }, 'Go to your table') : next ? '(the round has not started)' : null),
    );
  };

  const load = async () => {
    try {
      const [event, standings, mine] = await Promise.all([net.getJson<Event>(path), net.getJson<Standings>(`${path}/standings`), yours()]);
      if (stopped) return;
      if (!event || !standings) {
        replace(root, header('Tournament'), h('p', { class: 'error', id: 'event-error' }, 'No such tournament.'));
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
            `${s.ruleset} · ${s.rounds} round${s.rounds > 1 ? 's' : ''} of ${s.hanchansPerRound} hanchan${s.hanchansPerRound > 1 ? 's' : ''} · seating: ${s.seating}${s.duplicate ? ' · duplicate' : ''} · spectators: ${s.spectators}`,
          ),
          mine,
          h('h2', {}, 'Standings'),
          standingsEl(standings),
          h(
            'p',
            { class: 'downloads' },
            'Download: ',
            h('a', { href: `${net.http}${path}/standings.csv`, download: '', id: 'dl-standings' }, 'standings (CSV)'),
            ' · ',
            h('a', { href: `${net.http}${path}/penalties.csv`, download: '', id: 'dl-penalties' }, 'penalties (CSV)'),
            ' · ',
            h('a', { href: `${net.http}${path}/ema.csv`, download: '', id: 'dl-ema' }, 'EMA results'),
          ),
          h('p', {}, h('a', { href: `#/tournament/${encodeURIComponent(event.id)}/desk`, id: 'to-desk' }, 'Referee desk'), ' (the organiser)'),
          [...event.rounds].reverse().map(roundEl),
        ),
      );
    } catch {
      if (!stopped && !document.getElementById('event')) replace(root, header('Tournament'), h('p', { class: 'error', id: 'event-error' }, 'The server did not answer.'));
    }
    if (!stopped) timer = setTimeout(() => void load(), REFRESH_MS);
  };
  replace(root, header('Tournament'), h('p', { class: 'status' }, 'Loading…'));
  void load();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
