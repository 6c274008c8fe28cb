import './style.css';
import { h, replace } from './dom';
import { renderLobby } from './lobby';
import { connect, type Table } from './net';
import { renderCommentator } from './commentator';
import { renderTable } from './table';
import { renderReplay } from './replay';
import { renderRule } from './rules';
import { renderProfile } from './profile';
import { renderDesk } from './desk';
import { renderTournament } from './tournament';
import { LANGUAGES, language, onLanguage, setLanguage, t } from './i18n';

/**
 * Routes (in the hash, so the server needs no route per page):
 * `#/` lobby · `#/table/:id?seat=N` play seat N · `#/table/:id?watch` watch ·
 * `#/table/:id?commentate` the commentator view (every hand, delayed) · `#/replay/:id` a game's
 * ended hands, stepped through face up (`?code=` for a private table's); `&code=` a private
 * table's invite code (its invite link is `#/table/:id?code=…`) · `#/rules/:ID` a rule's text ·
 * `#/players/:name` a player's profile (`?page=N`: older games).
 * `#/tournament/:id` a tournament's standings and tables · `#/tournament/:id/desk` its referee desk.
 * The server is the page's own origin (`?server=` overrides it; the Vite dev server uses :2567).
 */
const params = new URLSearchParams(location.search);
const serverUrl = params.get('server') ?? (import.meta.env.MODE === 'development' ? `${location.protocol}//${location.hostname}:2567` : location.origin);
const net = connect(serverUrl);
const root = document.getElementById('app')!;

/** EN / 日本語, at the top of every page (outside #app, which the pages patch); remembered. */
function languageSwitch(): HTMLElement {
  const nav = h('nav', { class: 'lang', id: 'lang', 'aria-label': t('lang.label') });
  const draw = () => {
    nav.setAttribute('aria-label', t('lang.label'));
    replace(nav, LANGUAGES.map((l) => h('button', { class: 'small', lang: l.code, 'data-lang': l.code, 'aria-pressed': String(l.code === language()), onclick: () => setLanguage(l.code) }, l.label)));
  };
  draw();
  onLanguage(draw);
  return nav;
}
root.before(languageSwitch());
// The page draws itself again in the new language (a table page redraws itself; route() keeps its table).
onLanguage(() => void route());

let cleanup: (() => void) | null = null;
let current: Table | null = null;
/** A table just created or joined by the lobby, handed to the route that shows it. */
let pending: Table | null = null;

function leaveCurrent(): void {
  cleanup?.();
  cleanup = null;
  if (current) void current.leave().catch(() => {});
  current = null;
}

/** A private table's invite link, for its players to pass on. */
const inviteLink = (t: Table, code: string): string => `${location.origin}${location.pathname}${location.search}#/table/${encodeURIComponent(t.id)}?code=${encodeURIComponent(code)}`;

/** Where the table is drawn: the page, under a private table's invite bar once its code is known; `off` stops the bar. */
function tableArea(table: Table): { area: HTMLElement; off: () => void } {
  const area = h('div', {});
  const bar = h('p', { class: 'invite', hidden: true });
  replace(root, bar, area);
  const show = () => {
    if (!table.invite) return;
    const link = inviteLink(table, table.invite);
    replace(bar, t('invite.private'), h('input', { readonly: true, value: link, 'aria-label': t('invite.link'), size: 40 }));
    bar.hidden = false;
  };
  show();
  const offSeat = table.on('seat', show);
  // The table's route is kept on a switch of language: the bar says itself again.
  const offLanguage = onLanguage(show);
  return { area, off: () => (offSeat(), offLanguage()) };
}

function showTable(table: Table): void {
  leaveCurrent();
  current = table;
  const { area, off: offBar } = tableArea(table);
  if (table.role === 'commentator') {
    const off = renderCommentator(area, table, net, () => (location.hash = '#/'));
    cleanup = () => (off(), offBar());
    return;
  }
  const off = renderTable(area, table, net, () => (location.hash = '#/'));
  // Once the seat is known, put it in the address so a reload takes the same seat back.
  const offSeat = table.on('change', () => {
    if (table.seat !== null && !location.hash.includes('seat=')) history.replaceState(null, '', `#/table/${table.id}?seat=${table.seat}`);
  });
  cleanup = () => (off(), offSeat(), offBar());
}

/** A hash part as typed: a malformed escape is kept as it is (the server answers it). */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

async function route(): Promise<void> {
  const rule = /^#\/rules\/([^?]+)$/.exec(location.hash);
  if (rule) {
    leaveCurrent();
    cleanup = renderRule(root, decodeURIComponent(rule[1]));
    return;
  }
  const p = /^#\/players\/([^?]+)(?:\?(.*))?$/.exec(location.hash);
  if (p) {
    leaveCurrent();
    cleanup = renderProfile(root, net, safeDecode(p[1]), Number(new URLSearchParams(p[2] ?? '').get('page')) || 1);
    return;
  }
  const event = /^#\/tournament\/([^/?]+)(\/desk)?$/.exec(location.hash);
  if (event) {
    leaveCurrent();
    const id = safeDecode(event[1]);
    cleanup = event[2] ? renderDesk(root, net, id) : renderTournament(root, net, id);
    return;
  }
  const r = /^#\/replay\/([^?]+)(?:\?(.*))?$/.exec(location.hash);
  if (r) {
    leaveCurrent();
    cleanup = renderReplay(root, net, decodeURIComponent(r[1]), new URLSearchParams(r[2] ?? '').get('code') ?? undefined);
    return;
  }
  const m = /^#\/table\/([^?]+)(?:\?(.*))?$/.exec(location.hash);
  if (!m) {
    leaveCurrent();
    cleanup = renderLobby(root, net, {
      open: (t) => {
        pending = t;
        location.hash = `#/table/${t.id}${t.role === 'commentator' ? '?commentate' : t.spectator ? '?watch' : ''}`;
      },
      go: (id, as) => (location.hash = `#/table/${id}${typeof as === 'string' ? `?${as}` : `?seat=${as.seat}`}`),
    });
    return;
  }
  const id = decodeURIComponent(m[1]);
  const q = new URLSearchParams(m[2] ?? '');
  if (pending?.id === id) {
    const t = pending;
    pending = null;
    return showTable(t);
  }
  if (current?.id === id && current.role === (q.has('commentate') ? 'commentator' : q.has('watch') ? 'spectator' : 'player')) return;
  leaveCurrent();
  replace(root, h('p', { class: 'status' }, t('table.joining')));
  try {
    const code = q.get('code') ?? undefined;
    const t = q.has('commentate')
      ? await net.commentate(id, code)
      : q.has('watch')
        ? await net.spectate(id, code)
        : await net.join(id, { ...(q.has('seat') ? { seat: Number(q.get('seat')) } : {}), code });
    showTable(t);
  } catch (e) {
    replace(
      root,
      h(
        'main',
        { class: 'lobby' },
        h('p', { class: 'error', role: 'alert' }, t('join.failed', { id, reason: (e as Error).message })),
        h('p', {}, h('a', { href: `#/table/${id}?watch${q.has('code') ? `&code=${encodeURIComponent(q.get('code')!)}` : ''}` }, t('join.watch')), ' · ', h('a', { href: '#/' }, t('table.backToLobby'))),
      ),
    );
  }
}

window.addEventListener('hashchange', () => void route());
void route();
