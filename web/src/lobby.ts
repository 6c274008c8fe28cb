import { h, replace } from './dom';
import type { CreateOptions, JantakuClient, Table, TableListing } from './net';
import { RULESETS } from './rulesets';
import { profileHref } from './profile';
import { t } from './i18n';
import { windWord } from './labels';
import { tableName } from './tableName';
import type { Catalog } from './locales/en';

/** Time controls offered (the ruleset's `timeControl`). */
const TIME_CONTROLS: Record<string, { label: keyof Catalog; value?: Record<string, unknown> }> = {
  none: { label: 'lobby.clock.none' },
  bank: { label: 'lobby.clock.bank', value: { kind: 'bank', baseMs: 5000, bankMs: 20000, bankScope: 'game', claimMs: 10000 } },
  slow: { label: 'lobby.clock.slow', value: { kind: 'bank', baseMs: 15000, bankMs: 60000, bankScope: 'game', claimMs: 15000 } },
  wsom: {
    label: 'lobby.clock.wsom',
    value: { kind: 'wsom', turnMs: 15000, handMs: 180000, graceMs: 15000, unitMs: 15000, pointsPerUnit: 5, resignAbove: 80, claimMs: 10000 },
  },
};

/** Commentator delays offered, s ('' = no commentator view). */
const COMMENTATOR_DELAYS: { value: string; label: () => string }[] = [
  { value: '', label: () => t('lobby.delay.off') },
  // Each hand is shown once it has ended whatever the delay (the server's rule): 1 s is "right after".
  { value: '1', label: () => t('lobby.delay.afterHand') },
  { value: '30', label: () => '30 s' },
  { value: '120', label: () => '120 s' },
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
  const status = h('p', { class: 'status', id: 'lobby-status' }, t('lobby.connecting'));
  const error = h('p', { class: 'error', id: 'create-error', role: 'alert' });
  const policy = h('select', { name: 'foulPolicy', id: 'foulPolicy' }, opt('', t('lobby.rulesetDefault')), opt('penalise', t('lobby.penalise')), opt('prevent', t('lobby.prevent')));
  const ruleset = h('select', { name: 'ruleset', id: 'ruleset' }, RULESETS.map((r) => opt(r.name, t(`ruleset.${r.name}` as 'ruleset.tenhou'), r.name === 'wrc2015')));
  const policyHint = h('small', { class: 'hint' });
  const hint = () => {
    const r = RULESETS.find((x) => x.name === ruleset.value);
    policyHint.textContent = r ? t('lobby.policyDefault', { policy: t(`policy.${r.policy}`) }) : '';
  };
  ruleset.addEventListener('change', hint);
  hint();
  const submit = h('button', { type: 'submit', id: 'create', class: 'primary' }, t('lobby.create'));
  const form = h(
    'form',
    { class: 'create', id: 'create-form' },
    h('h2', {}, t('lobby.newTable')),
    h('label', {}, t('lobby.name'), ' ', h('input', { name: 'name', placeholder: t('lobby.optional'), maxlength: 40 })),
    h('label', {}, t('lobby.ruleset'), ' ', ruleset),
    h('label', {}, t('lobby.fouls'), ' ', policy, policyHint),
    h('label', {}, t('lobby.clock'), ' ', h('select', { name: 'timeControl', id: 'timeControl' }, Object.entries(TIME_CONTROLS).map(([k, c]) => opt(k, t(c.label))))),
    h('label', {}, t('lobby.yourSeat'), ' ', h('select', { name: 'seat', id: 'seat' }, [0, 1, 2, 3].map((s) => opt(String(s), t('lobby.seat', { wind: windWord(s), seat: s }), s === 0)), opt('watch', t('lobby.seat.watch')), opt('commentate', t('lobby.seat.commentate')))),
    h('label', {}, t('lobby.commentatorDelay'), ' ', h('select', { name: 'commentatorDelay', id: 'commentatorDelay', title: t('lobby.commentatorDelay.title') }, COMMENTATOR_DELAYS.map((d) => opt(d.value, d.label())))),
    h('label', {}, t('lobby.bots'), ' ', h('select', { name: 'bots', id: 'bots' }, opt('0', t('lobby.bots.none')), opt('1', '1'), opt('2', '2'), opt('3', '3', true), opt('4', t('lobby.bots.all')))),
    h(
      'details',
      {},
      h('summary', {}, t('lobby.more')),
      h('label', {}, t('lobby.bot'), ' ', h('select', { name: 'bot' }, opt('efficiency', 'efficiency'), opt('tsumogiri', 'tsumogiri'))),
      h('label', {}, t('lobby.botDelay'), ' ', h('input', { name: 'botDelay', id: 'botDelay', type: 'number', min: 0, max: 60000, placeholder: '300' })),
      h('label', {}, t('lobby.handPause'), ' ', h('input', { name: 'handPause', id: 'handPause', type: 'number', min: 0, max: 60, step: 'any', placeholder: '3' })),
      h('label', {}, t('lobby.seed'), ' ', h('input', { name: 'seed', id: 'seedInput', placeholder: t('lobby.seed.random'), maxlength: 200 })),
    ),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'private', id: 'private' }), t('lobby.private')),
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
      error.textContent = t('lobby.needDelay');
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
        error.textContent = t('lobby.createFailed', { reason: err.message });
        submit.disabled = false;
      });
  });

  // Players: anyone's profile by name, and the logged-in player's own.
  const who = h('input', { name: 'player', id: 'find-player-name', placeholder: t('lobby.namePlaceholder'), maxlength: 24, 'aria-label': t('lobby.playerName') });
  const players = h(
    'form',
    { class: 'find-player', id: 'find-player', onsubmit: (e: Event) => (e.preventDefault(), who.value.trim() && (location.hash = profileHref(who.value.trim()))) },
    who,
    h('button', { type: 'submit' }, t('lobby.findPlayer')),
  );
  void net.me().then((a) => a && players.prepend(h('a', { href: profileHref(a.name), id: 'my-profile' }, t('lobby.myProfile', { name: a.name })), ' '));
  const list = h('div', { class: 'tables', id: 'tables' });
  replace(
    root,
    h('header', { class: 'top' }, h('h1', {}, 'Jantaku'), h('span', { class: 'sub' }, t('app.sub')), players),
    h('main', { class: 'lobby' }, form, h('section', { class: 'list' }, h('h2', {}, t('lobby.tables')), status, list)),
  );

  const wind = (i: number) => t(`windLetter.${i}` as 'windLetter.0');
  const row = (tab: TableListing) => {
    const seats = tab.seats.map((s, i) => {
      if (s.bot) return h('span', { class: 'chip bot' }, t('lobby.seatBot', { wind: wind(i) }));
      if (s.taken) return h('span', { class: 'chip taken' }, t('lobby.seatTaken', { wind: wind(i), name: s.name || t('lobby.player') }));
      return h('button', { class: 'chip free', 'data-seat': i, onclick: () => hooks.go(tab.id, { seat: i }) }, t('lobby.sit', { wind: wind(i) }));
    });
    // Named by its creator, or by its ruleset and settings ("WRC 2015 · 5+20 s"); never by an id.
    const title = tableName({ name: tab.named ? tab.name : undefined, ruleset: tab.baseRuleset, length: tab.length, clock: tab.timeControl ? { kind: tab.timeControl, seconds: tab.clockSeconds } : undefined });
    const policy = tab.foulPolicy === 'penalise' || tab.foulPolicy === 'prevent' ? t(`policy.${tab.foulPolicy}`) : tab.foulPolicy;
    return h(
      'div',
      { class: 'table-row', 'data-id': tab.id },
      h('div', { class: 'title' }, h('strong', { class: 'table-name' }, title), policy ? h('span', { class: 'tag' }, t('lobby.foulsTag', { policy })) : null, tab.hand ? h('span', { class: 'tag' }, tab.hand) : null, tab.finished ? h('span', { class: 'tag' }, t('lobby.finished')) : !tab.started ? h('span', { class: 'tag' }, t('lobby.waiting')) : null),
      h('div', { class: 'seats' }, seats),
      h(
        'div',
        { class: 'meta' },
        t('lobby.watching', { count: tab.spectators }),
        h('button', { class: 'watch', onclick: () => hooks.go(tab.id, 'watch') }, t('lobby.watch')),
        tab.commentators ? h('button', { class: 'commentate', title: t('lobby.commentate.title'), onclick: () => hooks.go(tab.id, 'commentate') }, t('lobby.commentate')) : null,
        tab.started ? h('a', { class: 'replay', href: `#/replay/${encodeURIComponent(tab.id)}`, title: t('lobby.replay.title') }, t('lobby.replay')) : null,
      ),
    );
  };
  const stop = net.watchTables((tables) => {
    status.textContent = tables.length ? t(tables.length === 1 ? 'lobby.countOne' : 'lobby.countMany', { count: tables.length }) : t('lobby.none');
    replace(list, tables.map(row));
  });
  return stop;
}
