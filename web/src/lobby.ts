import { h, replace } from './dom';
import type { CreateOptions, JantakuClient, Table, TableListing } from './net';
import { RULESETS } from './rulesets';
import { profileHref } from './profile';

/** Time controls offered (the ruleset's `timeControl`). */
const TIME_CONTROLS: Record<string, { label: string; value?: Record<string, unknown> }> = {
  none: { label: 'No clock' },
  bank: { label: '5 s + 20 s bank (online)', value: { kind: 'bank', baseMs: 5000, bankMs: 20000, bankScope: 'game', claimMs: 10000 } },
  slow: { label: '15 s + 60 s bank', value: { kind: 'bank', baseMs: 15000, bankMs: 60000, bankScope: 'game', claimMs: 15000 } },
  wsom: {
    label: 'WSOM (15 s/turn, 3 min/hand)',
    value: { kind: 'wsom', turnMs: 15000, handMs: 180000, graceMs: 15000, unitMs: 15000, pointsPerUnit: 5, resignAbove: 80, claimMs: 10000 },
  },
};

/** Commentator delays offered, s ('' = no commentator view). */
const COMMENTATOR_DELAYS: { value: string; label: string }[] = [
  { value: '', label: 'Off' },
  // Each hand is shown once it has ended whatever the delay (the server's rule): 1 s is "right after".
  { value: '1', label: 'After each hand' },
  { value: '30', label: '30 s' },
  { value: '120', label: '120 s' },
];

export interface LobbyHooks {
  /** A table was created or joined: show it. */
  open(table: Table): void;
  /** Go to a table by id as a seat, a spectator or a commentator. */
  go(id: string, as: { seat: number } | 'watch' | 'commentate'): void;
}

/** The create-table options the form describes. */
export function createOptions(form: HTMLFormElement): CreateOptions {
  const v = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '';
  const ruleset = v('ruleset');
  const overrides: Record<string, unknown> = {};
  if (v('foulPolicy')) overrides.foulPolicy = v('foulPolicy');
  const tc = TIME_CONTROLS[v('timeControl')]?.value;
  if (tc) overrides.timeControl = tc;
  // A commentator creates the table as a spectator, then takes the commentator's place.
  const watch = v('seat') === 'watch' || v('seat') === 'commentate';
  const seat = watch ? undefined : Number(v('seat'));
  // Bots fill the empty seats, from the last one, never the creator's.
  const free = [3, 2, 1, 0].filter((s) => s !== seat);
  const bots = free.slice(0, Number(v('bots'))).sort();
  const num = (name: string) => (v(name) === '' ? undefined : Number(v(name)));
  const pause = num('handPause');
  const priv = (form.elements.namedItem('private') as HTMLInputElement | null)?.checked;
  const delay = num('commentatorDelay');
  return {
    ruleset,
    ...(Object.keys(overrides).length ? { overrides } : {}),
    ...(bots.length ? { bots } : {}),
    bot: v('bot') as 'efficiency' | 'tsumogiri',
    botDelayMs: num('botDelay'),
    handPauseMs: pause === undefined ? undefined : Math.round(pause * 1000),
    seed: v('seed') || undefined,
    name: v('name').trim() || undefined,
    ...(priv ? { private: true } : {}),
    ...(delay === undefined ? {} : { commentatorDelayMs: Math.round(delay * 1000) }),
    ...(watch ? { spectator: true } : { seat }),
  };
}

const opt = (value: string, label: string, selected = false) => h('option', { value, selected }, label);

/** The lobby: create a table, and the live list of tables to sit at or watch. */
export function renderLobby(root: HTMLElement, net: JantakuClient, hooks: LobbyHooks): () => void {
  const status = h('p', { class: 'status', id: 'lobby-status' }, 'Connecting…');
  const error = h('p', { class: 'error', id: 'create-error', role: 'alert' });
  const policy = h('select', { name: 'foulPolicy', id: 'foulPolicy' }, opt('', 'Ruleset default'), opt('penalise', 'Penalise (as at a real table)'), opt('prevent', 'Prevent (refuse illegal moves)'));
  const ruleset = h('select', { name: 'ruleset', id: 'ruleset' }, RULESETS.map((r) => opt(r.name, r.label, r.name === 'wrc2015')));
  const policyHint = h('small', { class: 'hint' });
  const hint = () => {
    const r = RULESETS.find((x) => x.name === ruleset.value);
    policyHint.textContent = r ? `default: ${r.policy}` : '';
  };
  ruleset.addEventListener('change', hint);
  hint();
  const submit = h('button', { type: 'submit', id: 'create', class: 'primary' }, 'Create table');
  const form = h(
    'form',
    { class: 'create', id: 'create-form' },
    h('h2', {}, 'New table'),
    h('label', {}, 'Name ', h('input', { name: 'name', placeholder: 'optional', maxlength: 40 })),
    h('label', {}, 'Ruleset ', ruleset),
    h('label', {}, 'Fouls ', policy, policyHint),
    h('label', {}, 'Clock ', h('select', { name: 'timeControl', id: 'timeControl' }, Object.entries(TIME_CONTROLS).map(([k, t]) => opt(k, t.label)))),
    h('label', {}, 'Your seat ', h('select', { name: 'seat', id: 'seat' }, opt('0', 'East (seat 0)', true), opt('1', 'South (seat 1)'), opt('2', 'West (seat 2)'), opt('3', 'North (seat 3)'), opt('watch', 'None: watch'), opt('commentate', 'None: commentate'))),
    h('label', {}, 'Commentator delay ', h('select', { name: 'commentatorDelay', id: 'commentatorDelay', title: 'Commentators see each hand once it has ended, and at least this late' }, COMMENTATOR_DELAYS.map((d) => opt(d.value, d.label)))),
    h('label', {}, 'Bots in empty seats ', h('select', { name: 'bots', id: 'bots' }, opt('0', 'none'), opt('1', '1'), opt('2', '2'), opt('3', '3', true), opt('4', '4 (watch only)'))),
    h(
      'details',
      {},
      h('summary', {}, 'More options'),
      h('label', {}, 'Bot ', h('select', { name: 'bot' }, opt('efficiency', 'efficiency'), opt('tsumogiri', 'tsumogiri'))),
      h('label', {}, 'Bot delay (ms) ', h('input', { name: 'botDelay', id: 'botDelay', type: 'number', min: 0, max: 60000, placeholder: '300' })),
      h('label', {}, 'Pause between hands (s) ', h('input', { name: 'handPause', id: 'handPause', type: 'number', min: 0, max: 60, step: 'any', placeholder: '3' })),
      h('label', {}, 'Seed ', h('input', { name: 'seed', id: 'seedInput', placeholder: 'random', maxlength: 200 })),
    ),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'private', id: 'private' }), ' Private: not listed, joined with its invite link only'),
    submit,
    error,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    const opts = createOptions(form);
    const commentate = (form.elements.namedItem('seat') as HTMLSelectElement).value === 'commentate';
    if (commentate && opts.commentatorDelayMs === undefined) {
      error.textContent = 'To commentate, choose a commentator delay.';
      submit.disabled = false;
      return;
    }
    net
      .create(opts)
      .then(async (t) => {
        if (!commentate) return hooks.open(t);
        const c = await net.commentate(t.id, t.invite ?? undefined);
        void t.leave().catch(() => {});
        hooks.open(c);
      })
      .catch((err: Error) => {
        error.textContent = `Could not create the table: ${err.message}`;
        submit.disabled = false;
      });
  });

  // Players: anyone's profile by name, and the logged-in player's own.
  const who = h('input', { name: 'player', id: 'find-player-name', placeholder: 'name', maxlength: 24, 'aria-label': 'Player name' });
  const players = h(
    'form',
    { class: 'find-player', id: 'find-player', onsubmit: (e: Event) => (e.preventDefault(), who.value.trim() && (location.hash = profileHref(who.value.trim()))) },
    who,
    h('button', { type: 'submit' }, 'Find a player'),
  );
  void net.me().then((a) => a && players.prepend(h('a', { href: profileHref(a.name), id: 'my-profile' }, `${a.name}: your profile`), ' '));
  const list = h('div', { class: 'tables', id: 'tables' });
  replace(
    root,
    h('header', { class: 'top' }, h('h1', {}, 'Jantaku'), h('span', { class: 'sub' }, 'riichi mahjong with a referee'), players),
    h('main', { class: 'lobby' }, form, h('section', { class: 'list' }, h('h2', {}, 'Tables'), status, list)),
  );

  const row = (t: TableListing) => {
    const seats = t.seats.map((s, i) => {
      if (s.bot) return h('span', { class: 'chip bot' }, `${'ESWN'[i]}: bot`);
      if (s.taken) return h('span', { class: 'chip taken' }, `${'ESWN'[i]}: ${s.name || 'player'}`);
      return h('button', { class: 'chip free', 'data-seat': i, onclick: () => hooks.go(t.id, { seat: i }) }, `Sit ${'ESWN'[i]}`);
    });
    return h(
      'div',
      { class: 'table-row', 'data-id': t.id },
      h('div', { class: 'title' }, h('strong', {}, t.name || `Table ${t.id}`), h('span', { class: 'tag' }, t.ruleset), t.foulPolicy ? h('span', { class: 'tag' }, `fouls: ${t.foulPolicy}`) : null, t.timeControl && t.timeControl !== 'none' ? h('span', { class: 'tag' }, `clock: ${t.timeControl}`) : null, t.hand ? h('span', { class: 'tag' }, t.hand) : null, t.finished ? h('span', { class: 'tag' }, 'finished') : !t.started ? h('span', { class: 'tag' }, 'waiting') : null),
      h('div', { class: 'seats' }, seats),
      h(
        'div',
        { class: 'meta' },
        `${t.spectators} watching`,
        h('button', { class: 'watch', onclick: () => hooks.go(t.id, 'watch') }, 'Watch'),
        t.commentators ? h('button', { class: 'commentate', title: 'every hand face up, delayed', onclick: () => hooks.go(t.id, 'commentate') }, 'Commentate') : null,
        t.started ? h('a', { class: 'replay', href: `#/replay/${encodeURIComponent(t.id)}`, title: 'the hands ended so far, face up' }, 'Replay') : null,
      ),
    );
  };
  const stop = net.watchTables((tables) => {
    status.textContent = tables.length ? `${tables.length} table${tables.length === 1 ? '' : 's'}` : 'No tables yet: create one.';
    replace(list, tables.map(row));
  });
  return stop;
}
