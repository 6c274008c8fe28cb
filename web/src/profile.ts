import type { PlayerGame, PlayerProfile, PlayerStats } from '@jantaku/client-sdk';
import { h, replace } from './dom';
import { JantakuError, type JantakuClient } from './net';
import { DOWNLOADS } from './result';
import { ruleHref } from './rules';

/**
 * The profile page (`#/players/<name>`, `?page=N` for older games): a player's ratings, their
 * statistics over their finished games and the list of their games, newest first, each with its
 * replay and downloads (GET /api/players/:name; a private table's game only for its players).
 */

/** A profile's address. */
export const profileHref = (name: string, page = 1): string => `#/players/${encodeURIComponent(name)}${page > 1 ? `?page=${page}` : ''}`;

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const num = (x: number | null, digits = 0) => (x === null ? '—' : x.toFixed(digits));
const PLACES = ['1st', '2nd', '3rd', '4th'];
const WINDS = ['East', 'South', 'West', 'North'];

/** The statistics as rows: label, the value's id (data-stat) and its text. */
function statRows(s: PlayerStats): [string, string, string][] {
  return [
    ['Games', 'games', String(s.games)],
    ['Hands', 'hands', String(s.hands)],
    ['Average placement', 'averagePlacement', num(s.averagePlacement, 2)],
    ...PLACES.map((p, i): [string, string, string] => [`${p} place`, `place${i + 1}`, `${pct(s.placements?.[i] ?? null)} (${s.placementCounts[i]})`]),
    ['Win rate (per hand)', 'winRate', pct(s.winRate)],
    ['Deal-in rate (per hand)', 'dealInRate', pct(s.dealInRate)],
    ['Riichi rate (per hand)', 'riichiRate', pct(s.riichiRate)],
    ['Call rate (per hand)', 'callRate', pct(s.callRate)],
    ['Tsumo rate (per win)', 'tsumoRate', pct(s.tsumoRate)],
    ['Average win', 'averageWin', num(s.averageWin)],
    ['Average deal-in', 'averageDealIn', num(s.averageDealIn)],
    ['Average final points', 'averageScore', num(s.averageScore)],
  ];
}

function statsEl(s: PlayerStats): HTMLElement {
  const fouls = Object.entries(s.fouls).sort(([a], [b]) => a.localeCompare(b));
  return h(
    'section',
    { class: 'profile-stats', id: 'stats', 'aria-labelledby': 'stats-title' },
    h('h2', { id: 'stats-title' }, 'Statistics'),
    h('table', {}, h('tbody', {}, statRows(s).map(([label, id, value]) => h('tr', {}, h('th', { scope: 'row' }, label), h('td', { class: 'num', 'data-stat': id }, value))))),
    h('h3', {}, 'Fouls'),
    fouls.length
      ? h('ul', { id: 'fouls' }, fouls.map(([rule, n]) => h('li', { 'data-rule': rule }, h('a', { href: ruleHref(rule), class: 'rule' }, h('code', {}, rule)), ` × ${n}`)))
      : h('p', { id: 'fouls' }, 'None.'),
  );
}

/** A rating as the ratings service gives it: its plain fields, shown as they are. */
function ratingsEl(ratings: unknown[]): HTMLElement {
  const fields = (r: unknown) =>
    r && typeof r === 'object'
      ? Object.entries(r)
          .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
          .map(([k, v]) => `${k}: ${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(1) : String(v)}`)
          .join(' · ')
      : String(r);
  return h(
    'section',
    { class: 'profile-ratings', id: 'ratings', 'aria-labelledby': 'ratings-title' },
    h('h2', { id: 'ratings-title' }, 'Ratings'),
    ratings.length ? h('ul', {}, ratings.map((r) => h('li', { class: 'rating' }, fields(r)))) : h('p', {}, 'No rating yet: ratings come from ranked games.'),
  );
}

function gameRow(g: PlayerGame, net: JantakuClient): HTMLElement {
  const when = new Date(g.finished ?? g.created);
  return h(
    'tr',
    { 'data-game': g.id, 'data-placement': g.placement ?? '', 'data-score': g.score ?? '' },
    h('td', {}, h('time', { datetime: when.toISOString() }, when.toLocaleString())),
    h('td', {}, g.ruleset, g.private ? ' (private)' : ''),
    h('td', {}, WINDS[g.seat] ?? String(g.seat)),
    h('td', { class: 'num' }, g.placement === null ? (g.status === 'open' ? 'playing' : '—') : PLACES[g.placement - 1]),
    h('td', { class: 'num' }, g.score === null ? '—' : String(g.score)),
    h('td', {}, g.players.join(', ')),
    h(
      'td',
      {},
      // The server gives the page's own address of the replay (`/#/replay/…`); this page may be served elsewhere.
      h('a', { href: g.replay.replace(/^\/?/, ''), class: 'replay' }, 'Replay'),
      g.downloads ? DOWNLOADS.map((d) => [' · ', h('a', { href: `${net.http}${g.downloads![d.sub as keyof typeof g.downloads]}`, download: '', 'data-download': d.sub }, d.short)]) : null,
    ),
  );
}

function gamesEl(p: PlayerProfile, net: JantakuClient): HTMLElement {
  const nav = p.pages > 1
    ? h(
        'nav',
        { class: 'pages', 'aria-label': 'Pages of games' },
        p.page > 1 ? h('a', { href: profileHref(p.name, p.page - 1), rel: 'prev' }, '← Newer') : null,
        ` Page ${p.page} of ${p.pages} `,
        p.page < p.pages ? h('a', { href: profileHref(p.name, p.page + 1), rel: 'next' }, 'Older →') : null,
      )
    : null;
  return h(
    'section',
    { class: 'profile-games', id: 'games', 'aria-labelledby': 'games-title' },
    h('h2', { id: 'games-title' }, `Games (${p.total})`),
    p.games.length
      ? h(
          'table',
          {},
          h('thead', {}, h('tr', {}, ['When', 'Rules', 'Seat', 'Place', 'Points', 'Players', 'Replay and logs'].map((c) => h('th', { scope: 'col' }, c)))),
          h('tbody', {}, p.games.map((g) => gameRow(g, net))),
        )
      : h('p', {}, p.total ? 'No games on this page.' : 'No games yet.'),
    nav,
  );
}

export function renderProfile(root: HTMLElement, net: JantakuClient, name: string, page = 1): () => void {
  let gone = false;
  const back = h('a', { href: '#/', class: 'back' }, '← Lobby');
  replace(root, h('main', { class: 'profile', id: 'profile' }, back, h('h1', {}, name), h('p', { class: 'status' }, 'Loading…')));
  net
    .player(name, page)
    .then((p) => {
      if (gone) return;
      const tags = [p.guest ? 'guest' : null, p.bot ? 'bot' : null].filter(Boolean).join(', ');
      replace(
        root,
        h(
          'main',
          { class: 'profile', id: 'profile', 'data-name': p.name },
          back,
          h('h1', {}, p.name, tags ? h('span', { class: 'tag' }, ` ${tags}`) : null),
          h('p', { class: 'since' }, `Playing since ${new Date(p.created).toLocaleDateString()}`),
          ratingsEl(p.ratings),
          statsEl(p.stats),
          gamesEl(p, net),
        ),
      );
    })
    .catch((e: Error) => {
      if (gone) return;
      const text = e instanceof JantakuError && e.code === 'NO_PLAYER' ? `No player is named ${name}.` : `Could not load the profile: ${e.message}`;
      replace(root, h('main', { class: 'profile', id: 'profile' }, back, h('h1', {}, name), h('p', { class: 'error', role: 'alert' }, text)));
    });
  return () => {
    gone = true;
  };
}
