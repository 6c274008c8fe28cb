import { announcement } from './announce';
import { soundFor } from './sound';
import { Sounds } from './soundPlayer';
import type { Command, HandResult, LegalAction, Standing } from '@jantaku/shared/game/types';
import { DECLARATIONS, offersOf, type Choice, type Declaration, type Offer } from './actions';
import { AID_LABELS, AID_TITLES, autoCommand, loadAids, saveAids, type Aids } from './aids';
import { meldsOf, type SeatState, type TableState } from '@jantaku/shared/schema/table';
import { handCountOf } from '@jantaku/shared/schema/view';
import { clockText, readClock, type SeatClock } from './clock';
import { h, on, patch, patchElement } from './dom';
import { backsEl, boardEl, fetchGameInfo, handOver, meldOf, type BoardSeat, type GameInfo, type SeatParts } from './board';
import { fairnessCheck } from './fairness';
import { windWord } from './labels';
import { onLanguage, t } from './i18n';
import { clockSeconds, tableName } from './tableName';
import { JantakuError, type Fault, type JantakuClient, type Table } from './net';
import { faultsView, ruleLink } from './faultsView';
import { faultSentence, refusalWords, type WordsContext } from './words';
import { meldEl, resultContextOf, resultEl, standingsEl, type ResultContext } from './result';
import { profileHref } from './profile';
import { tileEl, windName } from './tiles';
import { discardWaits, doraKinds, FRESH, furitenKinds, observeFuriten, visibleCounts, waitsOf, type FuritenMemory, type Wait } from './waits';
import { markTiles, waitsInfoEl } from './waitsView';

type Mode = 'play' | 'riichi' | 'choose' | 'declare';

type RulesSeen = { redFives?: number[]; tempFuritenEndsOnCall?: boolean; tempFuritenEndsOnConcealedKan?: boolean };
let rulesSeen: [string, RulesSeen] = ['', {}];

/** What the play information reads of the state's rules JSON (nothing when it cannot be read); parsed once per table. */
function rulesOf(rules: string): RulesSeen {
  if (rulesSeen[0] !== rules) {
    let parsed: RulesSeen = {};
    try {
      parsed = (JSON.parse(rules) as RulesSeen | null) ?? {};
    } catch {
      // No rules yet: nothing marked red, the default furiten rules.
    }
    rulesSeen = [rules, parsed];
  }
  return rulesSeen[1];
}

const redFivesOf = (rules: string): number[] => rulesOf(rules).redFives ?? [0, 0, 0];

/** A kept copy of a hand's end, to show again after the next deal. */
interface EndedHand {
  result: HandResult;
  ctx: ResultContext;
}

/**
 * The table page for a seat or a spectator. The page is built again from the state on every
 * change (the state is small) and the live page is patched to it (dom.ts `patch`): an element that
 * is still there stays the same node, so a click in progress or the focus is never lost; the
 * clocks' seconds are patched alone. What the player is doing (choosing a tile for riichi, a chii,
 * free declarations) is kept here. A spectator's page is built from public fields only: other
 * seats' hands are drawn as backs with no tile id in the page.
 */
export function renderTable(root: HTMLElement, table: Table, net: JantakuClient, onLeave: () => void): () => void {
  const seat = () => table.seat;
  let mode: Mode = 'play';
  let choices: Choice[] = [];
  let cursor = -1;
  const selected = new Set<number>();
  let reveal = true;
  /**
   * The decision of the command awaiting its reply, if any. No other command is sent for that
   * decision (a double click; a claim answer the server holds while others answer), but one is
   * for the next: the server's patch comes before its reply, so the next turn can show (and be
   * clicked) before the reply does.
   */
  let sentAt: string | null = null;
  const decision = (): string => {
    const st = table.state;
    const me = seat();
    return st && me !== null ? `${st.hands}:${st.phase}:${st.turn}:${st.claimTile}:${st.seats[me]?.own?.legal ?? ''}` : '';
  };
  const busy = () => sentAt !== null && sentAt === decision();
  let message: { text: string; kind: 'info' | 'error'; code?: string; rule?: string } | null = null;
  const faults: (Fault & { at: number; hand: number; dealer: number })[] = [];
  let info: GameInfo = {};
  let ended: EndedHand | null = null;
  let dismissedHand = -1;
  /** Whether the server was asked to wait for this seat's "Next hand" (sent once seated). */
  let holding = false;
  let showLast = false;
  let standings: Standing[] | null = null;
  let disconnected = '';
  let tick: ReturnType<typeof setInterval> | null = null;
  const aids: Aids = loadAids();
  const sounds = new Sounds();
  /** The position (hand, actions, phase) the page last played by itself, so it plays each at most once. */
  let autoAt = '';
  const fairness = fairnessCheck(net, table.id, () => draw());
  /** Play information (waits.ts): what the page remembers for furiten, and the waits of each discard on its turn. */
  let furiten: FuritenMemory = FRESH;
  let options = new Map<number, Wait[]>();
  let heldWaits: Wait[] = [];
  /** The discard under the mouse or focus, whose waits the line shows. */
  let hovered: number | null = null;

  fetchGameInfo(net, table.id, (g) => {
    info = g;
    draw();
  });

  const label = (s: number): string => {
    const st = table.state?.seats?.[s];
    const name = (st as (SeatState & { name?: string }) | undefined)?.name;
    const who = s === seat() ? t('table.youSeat') : name || (isBot(s) ? t('table.bot') : t('table.seatN', { seat: s }));
    return `${st ? windName(st.wind) : '?'} · ${who}`;
  };

  /** A seat's player's profile page (players play under their account's name); none for a bot. */
  const profileOf = (s: number): string | null => {
    const name = (table.state?.seats?.[s] as (SeatState & { name?: string }) | undefined)?.name;
    return name && !isBot(s) ? profileHref(name) : null;
  };

  /** What the words of faults need: names, who reads, the ruleset's chombo. */
  const words = (): WordsContext => ({ label, viewer: seat(), chombo: info.rules?.chombo });

  const penalise = () => info.rules?.foulPolicy === 'penalise';
  /** Free declarations: judged as fouls at penalise tables; at prevent tables refused with the reason in words. */
  const freeDeclare = () => seat() !== null && (penalise() || info.rules?.foulPolicy === 'prevent');
  /** A bot's seat, from the state (presence, bot) or the stored game's seats. */
  const isBot = (s: number): boolean => {
    const st = table.state?.seats?.[s] as (SeatState & { presence?: string }) | undefined;
    return !!st && (st.bot || st.presence === 'bot' || info.seats?.[s]?.kind === 'bot');
  };

  /** `quiet`: a command the page played by itself, whose refusal (the window had closed) is not news. */
  async function send(command: Command, quiet = false): Promise<void> {
    if (busy()) return;
    const at = decision();
    sentAt = at;
    if (!quiet) message = null;
    try {
      const reply = await table.act(command);
      if (reply.status === 'fault') message = { text: faultSentence({ ...reply, seat: seat() ?? 0 }, { ...words(), dealer: table.state?.dealer }), kind: 'error' };
      // What the player was choosing ends with its command (not with an older one's late reply).
      if (sentAt === at) {
        mode = 'play';
        choices = [];
        selected.clear();
        cursor = -1;
      }
    } catch (e) {
      const err = e instanceof JantakuError ? e : new JantakuError('ERROR', String(e));
      if (!quiet) message = { text: refusalWords(err.code), kind: 'error', code: err.code, rule: err.rule };
    } finally {
      if (sentAt === at) sentAt = null;
      draw();
    }
  }

  /** Presses an offer: riichi asks for a tile, a call with several forms asks which. */
  function press(o: Offer): void {
    if (o.id === 'riichi') {
      mode = mode === 'riichi' ? 'play' : 'riichi';
      cursor = -1;
      return draw();
    }
    if (o.choices.length === 1) return void send(o.choices[0].command);
    mode = 'choose';
    choices = o.choices;
    draw();
  }

  /** Sends a free declaration made of the selected tiles. */
  function declare(d: Declaration): void {
    if (selected.size !== d.tiles) {
      message = { text: t(d.tiles > 1 ? 'table.selectFirstMany' : 'table.selectFirstOne', { label: d.label, count: d.tiles }), kind: 'info' };
      return draw();
    }
    void send(d.build([...selected], reveal));
  }

  let buttons: Offer[] = [];
  let handOrder: number[] = [];
  let discardable = new Set<number>();
  let riichiTiles = new Set<number>();

  /** Seat `i`'s clock. A claim window's time shows on the seats it is offered to: the viewer's own only (who else is asked is private). */
  function seatClock(state: TableState, i: number) {
    const st = state.seats[i];
    const claimDeadline = st.own?.claimOffered ? state.claimDeadline : 0;
    return readClock({ deadline: st.deadline || claimDeadline, bankMs: st.bankMs, timePoints: st.timePoints }, info.rules?.timeControl?.kind);
  }

  const seatClockEl = (i: number, c: SeatClock) => h('span', { class: `badge clock ${c.low ? 'low' : ''}`, 'data-clock': i }, clockText(c));
  const myClockEl = (c: SeatClock) => h('span', { class: `badge clock my-clock ${c.low ? 'low' : ''}`, id: 'my-clock', 'data-turn': c.turn ?? '', 'data-bank': c.bank ?? '' }, clockText(c));

  /** A second has passed: the clocks shown are patched, nothing else (what they show changes with time alone). */
  function tickClocks(): void {
    const state = table.state;
    if (!state?.seats?.length) return;
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-clock]'))) {
      const c = seatClock(state, Number(el.dataset.clock));
      if (c) patchElement(el, seatClockEl(Number(el.dataset.clock), c));
    }
    const mine = document.getElementById('my-clock');
    const c = seat() === null ? null : seatClock(state, seat()!);
    if (mine && c) patchElement(mine, myClockEl(c));
  }

  /** What the live table adds to a seat's panel: presence, clock, and backs for other seats. */
  function seatParts(s: BoardSeat, state: TableState): SeatParts {
    const i = s.seat;
    const st = state.seats[i] as SeatState & { presence?: string; resigned?: boolean };
    const clock = seatClock(state, i);
    const presence = st.presence;
    const mine = i === seat();
    return {
      who: label(i).split(' · ')[1],
      badges: [
        isBot(i) ? h('span', { class: 'badge' }, 'bot') : presence === 'absent' ? h('span', { class: 'badge off' }, 'played by the clock') : !st.connected ? h('span', { class: 'badge off' }, presence === 'empty' ? 'empty seat' : 'away') : null,
        st.resigned ? h('span', { class: 'badge dead' }, 'resigned') : null,
        clock ? seatClockEl(i, clock) : null,
      ],
      // Other seats' concealed tiles: backs only, never their ids.
      concealed: !mine && !handOver(state) ? backsEl(handCountOf(state, i)) : null,
      // A player's own melds are drawn beside their hand instead.
      melds: !mine,
      scoreDiff: seat() !== null && !mine ? st.score - state.seats[seat()!].score : null,
    };
  }

  function handArea(state: TableState, legal: LegalAction[]): HTMLElement | null {
    const me = seat();
    if (me === null) return null;
    const own = state.seats[me]?.own;
    if (!own) return null;
    const drawn = own.drawn;
    const tiles = Array.from(own.hand).filter((t) => t !== drawn).sort((a, b) => a - b);
    const order = drawn >= 0 ? [...tiles, drawn] : tiles;
    // The cursor is a place in the hand: in a hand that changed (a draw, a call, a late reply's turn) it names another tile, so it starts over.
    if (order.length !== handOrder.length || order.some((t, i) => t !== handOrder[i])) cursor = -1;
    handOrder = order;
    discardable = new Set(legal.flatMap((a) => (a.type === 'discard' ? a.tiles : [])));
    riichiTiles = new Set(legal.flatMap((a) => (a.type === 'riichi' ? a.tiles : [])));
    const pickable = mode === 'riichi' ? riichiTiles : discardable;
    const hand = Array.from(own.hand);
    const visible = visibleCounts(state, hand);
    heldWaits = waitsOf(hand, meldsOf(state.seats[me]), visible);
    options = pickable.size ? discardWaits(hand, meldsOf(state.seats[me]), visible) : new Map();
    const el = (t: number) => {
      const classes = ['hand-tile'];
      if (mode === 'declare') {
        classes.push('pickable');
        if (selected.has(t)) classes.push('selected');
      } else if (pickable.has(t)) classes.push('pickable');
      if (handOrder[cursor] === t && mode !== 'declare') classes.push('cursor');
      if (pickable.has(t) && options.has(t) && mode !== 'declare') classes.push('keeps-tenpai');
      const tile = tileEl(t, { size: 'lg', classes });
      // The same tile is the same node from patch to patch (a click on it or its focus survives an update).
      tile.dataset.node = `hand-${t}`;
      // Every tile of the hand is focusable (its name is read), also between turns, so the focus stays on it.
      tile.tabIndex = 0;
      on(tile, 'click', () => onTile(t));
      // Hovering or focusing a discard shows the waits it would leave.
      if (pickable.has(t)) {
        // A playable tile is a button: named by its face, Enter or Space plays it.
        tile.setAttribute('role', 'button');
        on(tile, 'keydown', (e) => {
          if (!(e instanceof KeyboardEvent) || (e.key !== 'Enter' && e.key !== ' ')) return;
          e.preventDefault();
          e.stopPropagation();
          onTile(t);
        });
        for (const [type, v] of [['mouseenter', t], ['focus', t], ['mouseleave', null], ['blur', null]] as const) on(tile, type, () => showWaits(v));
      }
      return tile;
    };
    return h(
      'div',
      { class: `hand mode-${mode}`, id: 'hand' },
      h('div', { class: 'tiles' }, tiles.map(el)),
      drawn >= 0 ? h('div', { class: 'drawn', id: 'drawn' }, el(drawn)) : null,
      h('div', { class: 'melds mine' }, Array.from(meldsOf(state.seats[me]), (m) => meldEl(meldOf(m), me, 'md'))),
    );
  }

  /** The waits line: of the discard `t` being considered, else of the hand held. */
  function waitsLine(t: number | null): HTMLElement | null {
    const me = seat();
    if (me === null || !table.state?.seats[me]?.own || handOver(table.state)) return null;
    const kinds = furitenKinds(furiten, table.state, me);
    const el = t !== null && options.has(t) ? waitsInfoEl(options.get(t)!, kinds, t) : waitsInfoEl(heldWaits, kinds, null);
    markTiles(el, doraKinds(table.state.doraIndicators), redFivesOf(table.state.rules));
    return el;
  }

  function showWaits(t: number | null): void {
    hovered = t;
    const line = waitsLine(t ?? (handOrder[cursor] ?? null));
    const shown = document.getElementById('waits');
    if (line && shown) patchElement(shown, line);
  }

  function onTile(t: number): void {
    if (busy()) return;
    if (mode === 'declare') {
      if (selected.has(t)) selected.delete(t);
      else selected.add(t);
      return draw();
    }
    if (mode === 'riichi') {
      if (riichiTiles.has(t)) void send({ type: 'riichi', tile: t });
      return;
    }
    if (discardable.has(t)) void send({ type: 'discard', tile: t });
  }

  function actionBar(state: TableState, legal: LegalAction[]): HTMLElement | null {
    if (seat() === null) return null;
    buttons = mode === 'declare' ? [] : offersOf(legal, state.claimTile);
    const bar = h('div', { class: 'actions', id: 'actions' });
    if (mode === 'choose') {
      // Kans of different kinds (concealed, added) say which each is.
      const mixed = new Set(choices.map((c) => c.label)).size > 1;
      bar.append(
        h('span', { class: 'prompt' }, t('table.whichTiles', { label: mixed ? t('act.kan') : (choices[0]?.label ?? t('table.choose')) })),
        ...choices.map((c, i) =>
          h('button', { class: 'choice', 'data-choice': i, 'data-node': `choice-${i}`, onclick: () => void send(c.command) }, h('kbd', {}, String(i + 1)), mixed ? ` ${c.label} ` : null, c.tiles.map((t) => tileEl(t, { size: 'sm' }))),
        ),
        h('button', { class: 'cancel', onclick: () => ((mode = 'play'), draw()) }, h('kbd', {}, 'Esc'), t('table.back')),
      );
    } else if (mode === 'declare') {
      bar.append(
        h('span', { class: 'prompt' }, t('table.declareAnything')),
        ...DECLARATIONS.map((d) => h('button', { class: 'declare', 'data-declare': d.id, 'data-node': `declare-${d.id}`, onclick: () => declare(d) }, d.label)),
        h('label', { class: 'check' }, h('input', { type: 'checkbox', id: 'reveal', checked: reveal, onchange: (e: Event) => ((reveal = (e.target as HTMLInputElement).checked), draw()) }), t('table.reveal')),
      );
    } else {
      // A touch screen taps and has no keys to hint at; a desktop clicks and is told its keys.
      const touch = matchMedia('(pointer: coarse)').matches;
      if (mode === 'riichi') bar.append(h('span', { class: 'prompt' }, t(touch ? 'table.riichiTap' : 'table.riichiClick')));
      else if (discardable.size) bar.append(h('span', { class: 'prompt' }, t(touch ? 'table.turnTap' : 'table.turnClick')));
      else if (buttons.length) bar.append(h('span', { class: 'prompt' }, state.claimTile >= 0 ? [tileEl(state.claimTile, { size: 'sm' }), t('table.discarded')] : t('table.yourMove')));
      for (const b of buttons) bar.append(h('button', { class: `act ${b.id}`, 'data-action': b.id, 'data-node': `act-${b.id}`, onclick: () => press(b) }, h('kbd', {}, b.keyLabel), ` ${b.label}`));
      // The player's own running clock, beside what it is deciding.
      const mine = seatClock(state, seat()!);
      if (mine && mine.left !== null && (discardable.size || buttons.length)) bar.append(myClockEl(mine));
    }
    if (freeDeclare()) {
      bar.append(
        h('button', { class: `toggle ${mode === 'declare' ? 'on' : ''}`, id: 'declare-mode', title: t(penalise() ? 'table.declare.penalise' : 'table.declare.prevent'), onclick: () => ((mode = mode === 'declare' ? 'play' : 'declare'), selected.clear(), draw()) }, h('kbd', {}, 'F'), t(mode === 'declare' ? 'table.declare.done' : 'table.declare')),
      );
    }
    return bar;
  }

  /** The play aids' switches, remembered in this browser (aids.ts). */
  function aidsEl(): HTMLElement | null {
    if (seat() === null) return null;
    const box = (k: keyof Aids) =>
      h(
        'label',
        { class: 'check aid', title: AID_TITLES[k] },
        h('input', {
          type: 'checkbox',
          'data-aid': k,
          checked: aids[k],
          onchange: (e: Event) => {
            aids[k] = (e.target as HTMLInputElement).checked;
            saveAids(aids);
            autoAt = '';
            draw();
          },
        }),
        ` ${AID_LABELS[k]}`,
      );
    return h('div', { class: 'aids', id: 'aids' }, (Object.keys(AID_LABELS) as (keyof Aids)[]).map(box));
  }

  /** Plays what the aids play in this position (never while declaring freely: the player wants to act then). */
  function autoPlay(state: TableState, legal: LegalAction[]): void {
    const me = seat();
    if (me === null || mode !== 'play' || busy() || !legal.length) return;
    const at = `${state.hands}:${state.actions}:${state.phase}`;
    if (at === autoAt) return;
    const own = state.seats[me]?.own;
    const command = own ? autoCommand(legal, { drawn: own.drawn, riichi: state.seats[me].riichi }, aids) : null;
    if (!command) return;
    autoAt = at;
    // After this drawing: send() draws again when the reply comes.
    setTimeout(() => {
      if (table.state && `${table.state.hands}:${table.state.actions}:${table.state.phase}` === at && mode === 'play') void send(command, true);
    }, 0);
  }

  function overlay(state: TableState): HTMLElement | null {
    const over = state.phase === 'handEnded' || state.phase === 'gameOver';
    if (over && state.lastResult && ended?.ctx.hand !== state.hands) ended = { result: JSON.parse(state.lastResult) as HandResult, ctx: { ...resultContextOf(state, state.hands, label), ...words(), dealer: state.dealer } };
    if (state.standings) standings = JSON.parse(state.standings) as Standing[];
    const showEnded = ended && ((over && dismissedHand !== state.hands) || showLast);
    if (!showEnded && !(state.phase === 'gameOver' && standings)) return null;
    const close = () => {
      // The server holds the next deal until this seat is ready (holdResults, sent on sitting).
      if (seat() !== null && table.state?.phase === 'handEnded' && dismissedHand !== state.hands) table.ready();
      dismissedHand = state.hands;
      showLast = false;
      draw();
    };
    return h(
      'div',
      { class: 'overlay', id: 'overlay', role: 'dialog' },
      h(
        'div',
        { class: 'panel' },
        showEnded && ended ? resultEl(ended.result, ended.ctx) : null,
        state.phase === 'gameOver' && standings ? standingsEl(standings, { label, returnPoints: info.rules?.returnPoints, logHref: (sub) => net.gameUrl(table.id, sub), profile: profileOf }) : null,
        over ? fairness() : null,
        state.phase === 'gameOver' ? h('p', {}, h('a', { href: `#/replay/${encodeURIComponent(table.id)}${table.invite ? `?code=${encodeURIComponent(table.invite)}` : ''}`, id: 'replay-link' }, t('table.replayLink'))) : null,
        state.phase === 'gameOver' ? h('button', { class: 'primary', onclick: onLeave }, t('table.backToLobby')) : h('button', { class: 'primary', id: 'close-result', onclick: close }, t(over && !showLast ? 'table.nextHand' : 'table.close'), ' ', h('kbd', {}, 'Enter')),
      ),
    );
  }

  function draw(): void {
    const state = table.state;
    if (!state?.seats?.length) {
      patch(root, h('p', { class: 'status' }, t('table.joining')));
      return;
    }
    const me = seat();
    if (me !== null && !holding) {
      holding = true;
      table.holdResults(true);
    }
    const viewer = me ?? 0;
    const legal = me === null ? [] : table.legal;
    if (mode === 'riichi' && !legal.some((a) => a.type === 'riichi')) mode = 'play';
    if (mode === 'choose' && !legal.length) mode = 'play';
    autoPlay(state, legal);
    const own = me === null ? undefined : state.seats[me]?.own;
    if (me !== null && own) furiten = observeFuriten(furiten, state, me, Array.from(own.hand), own.drawn, rulesOf(state.rules));
    const hand = handArea(state, legal);
    const bar = actionBar(state, legal);
    const header = h(
      'header',
      { class: 'bar' },
      h('a', { href: '#/', class: 'back', onclick: (e: Event) => (e.preventDefault(), onLeave()) }, t('table.lobby')),
      // Named by its ruleset and settings ("WRC 2015 · 5+20 s"), never by an id such as "tenhou+custom".
      h('span', { class: 'tag', id: 'table-name' }, tableName({ name: state.name, ruleset: state.ruleset, length: info.rules?.length, clock: clockSeconds(info.rules?.timeControl) })),
      info.rules?.foulPolicy ? h('span', { class: 'tag', id: 'policy' }, t('lobby.foulsTag', { policy: t(`policy.${info.rules.foulPolicy}`) })) : null,
      me === null ? h('span', { class: 'tag watching', id: 'watching' }, t('table.watching')) : h('span', { class: 'tag' }, t('table.you', { wind: windWord(state.seats[me].wind - 27) })),
      !state.started ? h('span', { class: 'tag wait' }, t('table.waiting')) : null,
      ended && !(state.phase === 'handEnded') ? h('button', { class: 'small', id: 'last-hand', onclick: () => ((showLast = true), draw()) }, t('table.lastHand')) : null,
      h(
        'button',
        { class: 'small', id: 'mute', 'aria-pressed': String(sounds.muted), title: t('table.sound.title'), onclick: () => (sounds.setMuted(!sounds.muted), draw()) },
        t(sounds.muted ? 'table.sound.off' : 'table.sound.on'),
      ),
      h('span', { class: 'id' }, t('table.id', { id: table.id })),
    );
    const page = h(
      'div',
      { class: `table-page ${me === null ? 'spectator' : 'player'}`, id: 'table', 'data-key': `${state.hands}:${state.actions}`, 'data-phase': state.phase },
      header,
      disconnected ? h('p', { class: 'error' }, disconnected) : null,
      boardEl(state.seats, state, viewer, (s) => seatParts(s, state)),
      hand,
      waitsLine((hovered !== null && handOrder.includes(hovered) ? hovered : null) ?? handOrder[cursor] ?? null),
      bar,
      aidsEl(),
      message ? h('p', { class: `message ${message.kind}`, id: 'message', role: 'status', 'data-code': message.code }, message.text, message.rule ? [' ', ruleLink(message.rule)] : null) : null,
      faultsView(faults, words()),
      overlay(state),
    );
    markTiles(page, doraKinds(state.doraIndicators), redFivesOf(state.rules));
    patch(root, page);
    // The result's button (Next hand; at the end Back to the lobby, after the replay and download links) takes the focus, so Enter or Space presses it.
    const next = document.querySelector<HTMLElement>('#overlay button.primary');
    if (next && !document.getElementById('overlay')?.contains(document.activeElement)) next.focus();
  }

  const offChange = table.on('change', () => draw());
  // A switch of language draws the table again in the new words.
  const offLanguage = onLanguage(() => draw());
  // The root keeps how many sounds played and the last one (the page test reads them; a patch changes only the root's children).
  let played = 0;
  // Calls, riichi, wins and faults are read out by screen readers: a live region outside what draw() replaces.
  const live = document.getElementById('announce') ?? document.body.appendChild(h('div', { id: 'announce', class: 'sr-only', role: 'status', 'aria-live': 'polite' }));
  const offEvent = table.on('event', (e) => {
    const said = announcement(e, label);
    if (said) live.textContent = said;
    const name = soundFor(e, seat());
    if (!sounds.play(name)) return;
    root.dataset.sounds = String(++played);
    root.dataset.lastSound = name!;
  });
  const offFault = table.on('fault', (f) => {
    faults.unshift({ ...f, at: Date.now(), hand: table.state?.hands ?? 0, dealer: table.state?.dealer ?? 0 });
    draw();
  });
  const offLeave = table.on('leave', ({ code, reason }) => {
    disconnected = `Disconnected from the table (${reason ?? `code ${code}`}).`;
    draw();
  });
  const offDrop = table.on('reconnecting', ({ attempt }) => {
    disconnected = `Connection lost: reconnecting (attempt ${attempt})…`;
    draw();
  });
  const offBack = table.on('reconnected', () => {
    disconnected = '';
    message = { text: t('table.reconnected'), kind: 'info' };
    draw();
  });

  function onKey(e: KeyboardEvent): void {
    const target = e.target instanceof HTMLElement ? e.target : null;
    // Typing in a field is not play; an aid's switch is (Space is its own, the table's keys still work).
    if (target?.matches('input:not([type=checkbox]), select, textarea') || e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    // Enter and Space on a focused button, link or switch do what it does (not discard, not close the result).
    if ((k === 'Enter' || k === ' ') && target?.matches('button, a[href], input')) return;
    if (k === 'Escape') {
      mode = 'play';
      selected.clear();
      return draw();
    }
    if (document.getElementById('overlay') && (k === 'Enter' || k === ' ')) {
      document.getElementById('close-result')?.click();
      return e.preventDefault();
    }
    if (mode === 'choose') {
      const n = Number(k);
      if (n >= 1 && n <= choices.length) void send(choices[n - 1].command);
      return;
    }
    if ((k === 'f' || k === 'F') && freeDeclare()) {
      mode = mode === 'declare' ? 'play' : 'declare';
      selected.clear();
      return draw();
    }
    if (mode === 'declare') return;
    const pickable = mode === 'riichi' ? riichiTiles : discardable;
    const idx = handOrder.map((t, i) => (pickable.has(t) ? i : -1)).filter((i) => i >= 0);
    if ((k === 'ArrowLeft' || k === 'ArrowRight') && idx.length) {
      const at = idx.indexOf(cursor);
      cursor = at < 0 ? idx[idx.length - 1] : idx[(at + (k === 'ArrowLeft' ? idx.length - 1 : 1)) % idx.length];
      e.preventDefault();
      draw();
      // The focus follows the cursor: the tile's name is read, and Enter plays it even from a button.
      return void root.querySelector<HTMLElement>(`[data-node="hand-${handOrder[cursor]}"]`)?.focus();
    }
    if (k === 'Enter' && idx.length) {
      const t = handOrder[idx.includes(cursor) ? cursor : idx[idx.length - 1]];
      e.preventDefault();
      return onTile(t);
    }
    const b = buttons.find((x) => x.key === k.toLowerCase());
    if (b) {
      e.preventDefault();
      press(b);
    }
  }
  document.addEventListener('keydown', onKey);
  // Clocks count down between the server's patches.
  tick = setInterval(tickClocks, 1000);
  draw();

  return () => {
    offChange();
    offLanguage();
    offEvent();
    delete root.dataset.sounds;
    live.textContent = '';
    delete root.dataset.lastSound;
    offFault();
    offLeave();
    offDrop();
    offBack();
    document.removeEventListener('keydown', onKey);
    if (tick) clearInterval(tick);
  };
}
