import type { PlayerGame, PlayerProfile, PlayerStats } from '@jantaku/client-sdk';
import { h, replace } from './dom';
import { JantakuError, type JantakuClient } from './net';
import { DOWNLOADS } from './result';
import { language, t } from './i18n';
import { windWord } from './labels';
import { tableName } from './tableName';
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
/** Dates in Japanese for a Japanese page; otherwise the browser's own format. */
const dateLocale = (): string | undefined => (language() === 'ja' ? 'ja-JP' : undefined);
const place = (i: number): string => t(`prof.place${i + 1}` as 'prof.place1');

/** The statistics as rows: label, the value's id (data-stat) and its text. */
function statRows(s: PlayerStats): [string, string, string][] {
  return [
    [t('prof.games'), 'games', String(s.games)],
    [t('prof.hands'), 'hands', String(s.hands)],
    [t('prof.averagePlacement'), 'averagePlacement', num(s.averagePlacement, 2)],
    ...[0, 1, 2, 3].map((i): [string, string, string] => [t('prof.placeRow', { place: place(i) }), `place${i + 1}`, `${pct(s.placements?.[i] ?? null)} (${s.placementCounts[i]})`]),
    [t('prof.winRate'), 'winRate', pct(s.winRate)],
    [t('prof.dealInRate'), 'dealInRate', pct(s.dealInRate)],
    [t('prof.riichiRate'), 'riichiRate', pct(s.riichiRate)],
    [t('prof.callRate'), 'callRate', pct(s.callRate)],
    [t('prof.tsumoRate'), 'tsumoRate', pct(s.tsumoRate)],
    [t('prof.averageWin'), 'averageWin', num(s.averageWin)],
    [t('prof.averageDealIn'), 'averageDealIn', num(s.averageDealIn)],
    [t('prof.averageScore'), 'averageScore', num(s.averageScore)],
  ];
}

function statsEl(s: PlayerStats): HTMLElement {
  const fouls = Object.entries(s.fouls).sort(([a], [b]) => a.localeCompare(b));
  return h(
    'section',
    { class: 'profile-stats', id: 'stats', 'aria-labelledby': 'stats-title' },
    h('h2', { id: 'stats-title' }, t('prof.stats')),
    h('table', {}, h('tbody', {}, statRows(s).map(([label, id, value]) => h('tr', {}, h('th', { scope: 'row' }, label), h('td', { class: 'num', 'data-stat': id }, value))))),
    h('h3', {}, t('prof.fouls')),
    fouls.length
      ? h('ul', { id: 'fouls' }, fouls.map(([rule, n]) => h('li', { 'data-rule': rule }, h('a', { href: ruleHref(rule), class: 'rule' }, h('code', {}, rule)), ` × ${n}`)))
      : h('p', { id: 'fouls' }, t('prof.noFouls')),
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
    h('h2', { id: 'ratings-title' }, t('prof.ratings')),
    ratings.length ? h('ul', {}, ratings.map((r) => h('li', { class: 'rating' }, fields(r)))) : h('p', {}, t('prof.noRating')),
  );
}

function gameRow(g: PlayerGame, net: JantakuClient): HTMLElement {
  const when = new Date(g.finished ?? g.created);
  return h(
    'tr',
    { 'data-game': g.id, 'data-placement': g.placement ?? '', 'data-score': g.score ?? '' },
    h('td', {}, h('time', { datetime: when.toISOString() }, when.toLocaleString(dateLocale()))),
    h('td', { 'data-ruleset': g.ruleset }, tableName({ ruleset: g.ruleset }), g.private ? t('prof.private') : ''),
    h('td', {}, (g.seat >= 0 && g.seat < 4 ? windWord(g.seat) : String(g.seat))),
    h('td', { class: 'num' }, g.placement === null ? (g.status === 'open' ? t('prof.playing') : '—') : place(g.placement - 1)),
    h('td', { class: 'num' }, g.score === null ? '—' : String(g.score)),
    h('td', {}, g.players.join(', ')),
    h(
      'td',
      {},
      // The server gives the page's own address of the replay (`/#/replay/…`); this page may be served elsewhere.
      h('a', { href: g.replay.replace(/^\/?/, ''), class: 'replay' }, t('page.replay')),
      g.downloads ? DOWNLOADS.map((d) => [' · ', h('a', { href: `${net.http}${g.downloads![d.sub as keyof typeof g.downloads]}`, download: '', 'data-download': d.sub }, d.short)]) : null,
    ),
  );
}

function gamesEl(p: PlayerProfile, net: JantakuClient): HTMLElement {
  const nav = p.pages > 1
    ? h(
        'nav',
        { class: 'pages', 'aria-label': t('prof.pagesLabel') },
        p.page > 1 ? h('a', { href: profileHref(p.name, p.page - 1), rel: 'prev' }, t('prof.newer')) : null,
        t('prof.page', { page: p.page, pages: p.pages }),
        p.page < p.pages ? h('a', { href: profileHref(p.name, p.page + 1), rel: 'next' }, t('prof.older')) : null,
      )
    : null;
  return h(
    'section',
    { class: 'profile-games', id: 'games', 'aria-labelledby': 'games-title' },
    h('h2', { id: 'games-title' }, t('prof.gamesTitle', { n: p.total })),
    p.games.length
      ? h(
          'table',
          {},
          h('thead', {}, h('tr', {}, (['when', 'rules', 'seat', 'place', 'points', 'players', 'replay'] as const).map((k) => t(`prof.col.${k}`)).map((c) => h('th', { scope: 'col' }, c)))),
          h('tbody', {}, p.games.map((g) => gameRow(g, net))),
        )
      : h('p', {}, p.total ? t('prof.noGamesPage') : t('prof.noGames')),
    nav,
  );
}

export function renderProfile(root: HTMLElement, net: JantakuClient, name: string, page = 1): () => void {
  let gone = false;
  const back = h('a', { href: '#/', class: 'back' }, t('page.lobby'));
  replace(root, h('main', { class: 'profile', id: 'profile' }, back, h('h1', {}, name), h('p', { class: 'status' }, t('page.loading'))));
  net
    .player(name, page)
    .then((p) => {
      if (gone) return;
      const tags = [p.guest ? t('prof.guest') : null, p.bot ? t('prof.bot') : null].filter(Boolean).join(', ');
      replace(
        root,
        h(
          'main',
          { class: 'profile', id: 'profile', 'data-name': p.name },
          back,
          h('h1', {}, p.name, tags ? h('span', { class: 'tag' }, ` ${tags}`) : null),
          h('p', { class: 'since' }, t('prof.since', { date: new Date(p.created).toLocaleDateString(dateLocale()) })),
          ratingsEl(p.ratings),
          statsEl(p.stats),
          gamesEl(p, net),
        ),
      );
    })
    .catch((e: Error) => {
      if (gone) return;
      const text = e instanceof JantakuError && e.code === 'NO_PLAYER' ? t('prof.noPlayer', { name }) : t('prof.failed', { reason: e.message });
      replace(root, h('main', { class: 'profile', id: 'profile' }, back, h('h1', {}, name), h('p', { class: 'error', role: 'alert' }, text)));
    });
  return () => {
    gone = true;
  };
}
