import { h, replace } from './dom';
import { loginForm } from './login';
import type { JantakuClient } from './net';
import { t } from './i18n';

/**
 * The referee desk (`#/tournament/:id/desk`), for the tournament's organiser: every ruling of the
 * event, newest first (rule ID, penalty, player, a link to that moment of the replay), each
 * automatic or manual one overturnable with a reason, a form for a fault no engine sees, and for
 * each table still playing: end its hanchan after the hand in play, give a seat to another
 * account or swap two seats (between hands; docs/TOURNAMENTS.md). The
 * organiser logs in here (the session is kept for the browser tab); the server checks the role
 * at every request (docs/TOURNAMENTS.md).
 */

interface Ruling {
  id: string;
  at: string;
  kind: 'automatic' | 'manual';
  hanchan: string | null;
  name: string | null;
  rule: string;
  penalty: { kind: string };
  points: number;
  reason: string;
  by: string;
  hand: number | null;
  replay: string | null;
  cancelled: boolean;
  overturned: { by: string; at: string; reason: string } | null;
}

/** A hanchan as the event's answer gives it. */
interface Playing {
  id: string;
  status: string;
  game: string | null;
  players: (string | null)[];
  ended: unknown;
}

interface EventInfo {
  name: string;
  people: { id: string; name: string }[];
  rounds: { hanchans: Playing[] }[];
}

export function renderDesk(root: HTMLElement, net: JantakuClient, id: string): () => void {
  let stopped = false;
  const base = `${net.http}/api/tournaments/${encodeURIComponent(id)}`;
  const session = () => net.session;
  /** An HTTP call as the organiser: the JSON answer, or the server's `{ error, reason }` thrown as an Error. */
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(session() ? { authorization: `Bearer ${session()}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json().catch(() => ({}))) as T & { error?: string; reason?: string };
    if (!res.ok) throw Object.assign(new Error(json.reason ?? `HTTP ${res.status}`), { status: res.status, code: json.error });
    return json;
  };
  const header = () => h('header', { class: 'top' }, h('a', { href: `#/tournament/${encodeURIComponent(id)}`, class: 'back' }, t('desk.back')), h('h1', {}, t('desk.title')));
  const message = h('p', { class: 'status', id: 'desk-message', role: 'status' });
  const say = (text: string, error = false) => {
    message.textContent = text;
    message.className = error ? 'error' : 'status';
  };

  const login = () => {
    const form = loginForm(
      net,
      t('desk.login'),
      () => {
        say('');
        void load();
      },
      (reason) => say(reason, true),
    );
    replace(root, header(), h('main', { class: 'event' }, message, form));
  };

  const rulingEl = (r: Ruling) => {
    const reason = h('input', { placeholder: t('desk.why'), 'aria-label': t('desk.reasonLabel', { id: r.id }), size: 30 });
    const overturn = async () => {
      if (!reason.value.trim()) return say(t('desk.giveReason'), true);
      try {
        await call('POST', `/rulings/${encodeURIComponent(r.id)}/overturn`, { reason: reason.value.trim() });
        say(t('desk.overturned', { id: r.id }));
        void load();
      } catch (e) {
        say((e as Error).message, true);
      }
    };
    const state = r.overturned ? t('desk.overturnedBy', { by: r.overturned.by, reason: r.overturned.reason }) : r.cancelled ? t('desk.cancelled') : t('desk.stands');
    return h(
      'tr',
      { 'data-ruling': r.id, 'data-state': r.overturned ? 'overturned' : r.cancelled ? 'cancelled' : 'stands' },
      h('td', {}, new Date(r.at).toLocaleTimeString()),
      h('td', {}, r.name ?? ''),
      h('td', {}, h('a', { href: `#/rules/${encodeURIComponent(r.rule)}` }, r.rule)),
      h('td', {}, r.penalty.kind, r.points ? ` (${r.points})` : ''),
      h('td', {}, r.hanchan ?? '', r.hand !== null ? t('desk.handN', { n: r.hand + 1 }) : ''),
      h('td', {}, r.reason, r.kind === 'manual' ? h('span', { class: 'tag' }, t('desk.manual')) : null),
      h('td', {}, r.replay ? h('a', { href: r.replay.replace(/^\/(?=#)/, ''), class: 'replay' }, t('page.replay')) : ''),
      h('td', { class: 'state' }, state),
      h('td', {}, r.overturned || r.cancelled ? null : [reason, ' ', h('button', { class: 'overturn', onclick: () => void overturn() }, t('desk.overturn'))]),
    );
  };

  const faultForm = (people: { id: string; name: string }[]) => {
    const player = h('select', { name: 'player', id: 'fault-player' }, people.map((p) => h('option', { value: p.id }, p.name)));
    const rule = h('input', { name: 'rule', id: 'fault-rule', placeholder: 'WRC-F-PHONE', required: true, size: 22 });
    const points = h('input', { name: 'points', id: 'fault-points', type: 'number', min: 1, max: 1000, step: 'any', required: true });
    const reason = h('input', { name: 'reason', id: 'fault-reason', required: true, size: 30 });
    const form = h(
      'form',
      { class: 'create desk-fault', id: 'desk-fault' },
      h('h2', {}, t('desk.faultTitle')),
      h('label', {}, t('desk.player'), player),
      h('label', {}, t('desk.rule'), rule),
      h('label', {}, t('desk.points'), points),
      h('label', {}, t('desk.reason'), reason),
      h('button', { class: 'primary', type: 'submit' }, t('desk.record')),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void (async () => {
        try {
          await call('POST', '/faults', { player: player.value, rule: rule.value.trim(), points: Number(points.value), reason: reason.value.trim() });
          say(t('desk.recorded', { rule: rule.value.trim() }));
          void load();
        } catch (err) {
          say((err as Error).message, true);
        }
      })();
    });
    return form;
  };

  /** A table still playing: "End after this hand", and its seats corrected (the server says when it is not between hands). */
  const tableEl = (t: Playing, people: { id: string; name: string }[]) => {
    const enc = encodeURIComponent(t.id);
    const reason = h('input', { placeholder: 'why', 'aria-label': `Reason for ${t.id}`, size: 24, class: 'table-reason' });
    const seat = () => h('select', { 'aria-label': 'Seat' }, [0, 1, 2, 3].map((s) => h('option', { value: String(s) }, `${'ESWN'[s]} (${t.players[s] ?? '—'})`)));
    const [giveSeat, swapA, swapB] = [seat(), seat(), seat()];
    swapB.value = '1';
    const who = h('select', { 'aria-label': 'Account', class: 'give-to' }, people.map((p) => h('option', { value: p.id }, p.name)));
    const send = async (path: string, body: Record<string, unknown>, done: string) => {
      if (!reason.value.trim()) return say('Give the reason.', true);
      try {
        await call('POST', `/hanchans/${enc}/${path}`, { ...body, reason: reason.value.trim() });
        say(done);
        void load();
      } catch (e) {
        say((e as Error).message, true);
      }
    };
    return h(
      'tr',
      { 'data-hanchan': t.id },
      h('td', {}, t.id),
      h('td', {}, t.players.map((p) => p ?? '—').join(', '), t.ended ? h('span', { class: 'tag' }, 'last hand') : null),
      h('td', {}, reason),
      h('td', {}, t.ended ? null : h('button', { class: 'end-hanchan', onclick: () => void send('end', {}, `${t.id} ends after the hand in play.`) }, 'End after this hand')),
      h('td', {}, giveSeat, ' to ', who, ' ', h('button', { class: 'reseat', onclick: () => void send('reseat', { seat: Number(giveSeat.value), player: who.value }, `${t.id}: seat given.`) }, 'Give seat')),
      h('td', {}, swapA, ' ⇄ ', swapB, ' ', h('button', { class: 'swap-seats', onclick: () => void send('swap', { seats: [Number(swapA.value), Number(swapB.value)] }, `${t.id}: seats swapped.`) }, 'Swap')),
    );
  };

  const load = async () => {
    if (stopped) return;
    if (!session()) return login();
    try {
      const [desk, event] = await Promise.all([call<{ rulings: Ruling[] }>('GET', '/desk'), call<EventInfo>('GET', '')]);
      if (stopped) return;
      const playing = event.rounds.flatMap((r) => r.hanchans).filter((x) => x.game && x.status !== 'finished' && x.status !== 'void');
      replace(
        root,
        header(),
        h(
          'main',
          { class: 'event', id: 'desk' },
          h('p', { class: 'status' }, event.name),
          message,
          h(
            'table',
            { class: 'event-standings desk-rulings', id: 'rulings' },
            h('thead', {}, h('tr', {}, [t('desk.col.when'), t('desk.col.player'), t('desk.col.rule'), t('desk.col.penalty'), t('desk.col.where'), t('desk.col.why'), '', t('desk.col.status'), ''].map((c) => h('th', {}, c)))),
            h('tbody', {}, desk.rulings.map(rulingEl)),
          ),
          desk.rulings.length === 0 ? h('p', { class: 'status' }, t('desk.none')) : null,
          faultForm(event.people),
          playing.length
            ? h(
                'section',
                { class: 'desk-tables' },
                h('h2', {}, 'Tables playing'),
                h('table', { class: 'event-standings', id: 'desk-tables' }, h('tbody', {}, playing.map((t) => tableEl(t, event.people)))),
              )
            : null,
        ),
      );
    } catch (e) {
      const status = (e as { status?: number }).status;
      // A session gone (401) or not this tournament's organiser (403): log in again.
      if (status === 401 || status === 403) {
        net.forget();
        login();
        say((e as Error).message, true);
      } else replace(root, header(), h('p', { class: 'error', id: 'event-error' }, (e as Error).message));
    }
  };
  void load();
  return () => {
    stopped = true;
  };
}
