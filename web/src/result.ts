import type { HandResult, Standing, WinRecord } from '@jantaku/shared/game/types';
import type { Meld } from '@jantaku/shared/tiles/meld';
import { h, signed } from './dom';
import { DRAW_WORDS, LIMIT_WORDS, roundName, yakuName } from './labels';
import { tileEl } from './tiles';
import { ruleLink } from './faultsView';
import { faultSentence, type ChomboRule } from './words';
import { t } from './i18n';

/** What the end-of-hand screen needs besides the result itself. */
export interface ResultContext {
  hand: number;
  round: number;
  honba: number;
  /** Scores after the hand. */
  scores: number[];
  /** Seat wind kind (27..30) by seat. */
  winds: number[];
  doraIndicators: number[];
  uraIndicators: number[];
  label: (seat: number) => string;
  /** For a chombo's words: the ruleset's chombo, the seat reading, the hand's dealer (the table page gives them). */
  chombo?: ChomboRule;
  viewer?: number | null;
  dealer?: number;
}

/** The parts of a board a result is read against: the table's schema state or a replayed board. */
interface BoardView {
  round: number;
  honba: number;
  seats: Iterable<{ score: number; wind: number }>;
  doraIndicators: Iterable<number>;
  /** Absent before a hand has ended (the live state's, schema/table.ts). */
  uraIndicators?: Iterable<number>;
}

/** The context of hand `hand`'s result, taken from the board it ended on. */
export function resultContextOf(board: BoardView, hand: number, label: (seat: number) => string): ResultContext {
  const seats = Array.from(board.seats);
  return {
    hand,
    round: board.round,
    honba: board.honba,
    scores: seats.map((s) => s.score),
    winds: seats.map((s) => s.wind),
    doraIndicators: Array.from(board.doraIndicators),
    uraIndicators: Array.from(board.uraIndicators ?? []),
    label,
  };
}

/** A meld with the called tile turned sideways (placed by where it came from). */
export function meldEl(m: Meld, owner: number, size: 'sm' | 'md' = 'sm'): HTMLElement {
  const el = h('span', { class: `meld ${m.type}`, 'data-meld': m.type });
  if (m.type === 'ankan') {
    // A concealed kan: both ends face down, the middle two shown.
    m.tiles.forEach((t, i) => el.append(tileEl(i === 0 || i === 3 ? null : t, { size, back: i === 0 || i === 3 })));
    return el;
  }
  const called = m.calledTile ?? -1;
  const rest = m.tiles.filter((t) => t !== called && t !== m.addedTile);
  const rel = m.from === undefined ? 0 : (m.from - owner + 4) % 4;
  // From the left player: first; from across: second; from the right: last.
  const at = rel === 3 ? 0 : rel === 2 ? 1 : rest.length;
  const order: (number | 'called')[] = [...rest];
  order.splice(at, 0, 'called');
  for (const t of order) {
    if (t === 'called') {
      const stack = h('span', { class: 'called-stack' }, tileEl(called, { size, sideways: true, classes: ['called'] }));
      if (m.addedTile !== undefined) stack.prepend(tileEl(m.addedTile, { size, sideways: true, classes: ['added'] }));
      el.append(stack);
    } else el.append(tileEl(t, { size }));
  }
  return el;
}

function winEl(w: WinRecord, ctx: ResultContext): HTMLElement {
  const s = w.score;
  const value = s.yakuman
    ? `${s.yakuman > 1 ? `${s.yakuman}× ` : ''}${t('limit.yakuman')}`
    : `${t('say.hanFu', { han: s.han, fu: s.fu })}${s.limit ? ` · ${LIMIT_WORDS[s.limit] ?? s.limit}` : ''}`;
  const pay = s.payment;
  const how = w.tsumo
    ? `${t('act.tsumo')}${pay.tsumoDealer !== undefined ? ` (${pay.tsumoNonDealer ?? 0}/${pay.tsumoDealer})` : ` (${t('result.all', { n: pay.tsumoNonDealer ?? 0 })})`}`
    : t('result.ronFrom', { from: ctx.label(w.from) });
  const concealed = [...w.concealed].sort((a, b) => a - b);
  return h(
    'div',
    { class: 'win', 'data-winner': w.winner },
    h('h3', {}, t('result.wins', { who: ctx.label(w.winner) }), h('span', { class: 'how' }, ` — ${how}`), w.pao !== null ? h('span', { class: 'tag' }, ` pao: ${ctx.label(w.pao)}`) : null),
    h(
      'div',
      { class: 'win-hand' },
      h('span', { class: 'concealed' }, concealed.map((t) => tileEl(t, { size: 'md' }))),
      h('span', { class: 'win-tile' }, tileEl(w.winTile, { size: 'md', classes: ['winning'] })),
      w.melds.map((m) => meldEl(m, w.winner, 'md')),
    ),
    h(
      'table',
      { class: 'yaku' },
      h('tbody', {}, s.yaku.map((y) => h('tr', {}, h('td', {}, yakuName(y.id)), h('td', { class: 'num' }, y.yakuman ? (y.yakuman > 1 ? `${y.yakuman}× ${t('say.yakuman')}` : t('say.yakuman')) : t('result.han', { n: y.han }))))),
    ),
    h('p', { class: 'value' }, h('strong', { 'data-value': '' }, value), ' · ', h('strong', { class: 'points', 'data-points': pay.total }, t('result.points', { n: pay.total }))),
  );
}

/** A WRC chombo costs final-score points, not table points: said beside the hand's 0. */
function finalPenalty(r: HandResult, ctx: ResultContext, seat: number): string | null {
  if (r.kind !== 'chombo' || ctx.chombo?.kind !== 'globalPoints') return null;
  const n = (r.chombo ?? []).filter((c) => c.seat === seat).length;
  return n ? ` (${t('result.offFinal', { n: `\u2212${n * ctx.chombo.points}` })})` : null;
}

/** The end-of-hand screen: wins with yaku, han, fu and points, or tenpai/noten at a draw; score changes. */
export function resultEl(r: HandResult, ctx: ResultContext): HTMLElement {
  const title =
    r.kind === 'win'
      ? r.wins.length > 1
        ? t('result.multipleRon')
        : r.wins[0]?.tsumo
          ? t('act.tsumo')
          : t('act.ron')
      : r.kind === 'chombo'
        ? t('result.chombo')
        : (DRAW_WORDS[r.draw ?? 'exhaustive'] ?? t('act.draw'));
  const body: HTMLElement[] = [];
  for (const w of r.wins) body.push(winEl(w, ctx));
  if (r.kind === 'draw') {
    const revealed = new Map(r.revealed.map((v) => [v.seat as number, v.concealed]));
    body.push(
      h(
        'div',
        { class: 'draw' },
        [0, 1, 2, 3].map((s) =>
          h(
            'div',
            { class: `draw-seat ${r.tenpai.includes(s as never) ? 'tenpai' : 'noten'}`, 'data-seat': s },
            h('strong', {}, ctx.label(s)),
            h('span', { class: 'tag' }, t(r.tenpai.includes(s as never) ? 'result.tenpai' : 'result.noten')),
            r.nagashi.includes(s as never) ? h('span', { class: 'tag' }, t('draw.nagashiMangan')) : null,
            revealed.has(s) ? h('span', { class: 'hand' }, [...revealed.get(s)!].sort((a, b) => a - b).map((t) => tileEl(t, { size: 'sm' }))) : null,
          ),
        ),
      ),
    );
  }
  if (r.chombo?.length) {
    const words = { label: ctx.label, viewer: ctx.viewer ?? null, dealer: ctx.dealer, chombo: ctx.chombo };
    body.push(
      h(
        'div',
        { class: 'chombo' },
        r.chombo.map((c) => h('p', { 'data-rule': c.rule }, `${ctx.label(c.seat)}: `, faultSentence({ seat: c.seat, rule: c.rule, penalty: { kind: 'chombo' }, reason: '' }, words), ' ', ruleLink(c.rule))),
      ),
    );
  }
  const indicators =
    ctx.doraIndicators.length || ctx.uraIndicators.length
      ? h(
          'div',
          { class: 'indicators' },
          h('span', {}, t('result.dora'), ' '),
          ctx.doraIndicators.map((t) => tileEl(t, { size: 'sm' })),
          ctx.uraIndicators.length ? [h('span', {}, ' ', t('result.ura'), ' '), ctx.uraIndicators.map((t) => tileEl(t, { size: 'sm' }))] : null,
        )
      : null;
  const scores = h(
    'table',
    { class: 'scores' },
    h('thead', {}, h('tr', {}, h('th', {}, t('result.seat')), h('th', {}, t('result.change')), h('th', {}, t('result.score')))),
    h(
      'tbody',
      {},
      [0, 1, 2, 3].map((s) =>
        h(
          'tr',
          { 'data-seat': s },
          h('td', {}, ctx.label(s)),
          h('td', { class: `num delta ${r.deltas[s] > 0 ? 'up' : r.deltas[s] < 0 ? 'down' : ''}`, 'data-delta': r.deltas[s] }, signed(r.deltas[s]), finalPenalty(r, ctx, s)),
          h('td', { class: 'num', 'data-score': ctx.scores[s] }, String(ctx.scores[s])),
        ),
      ),
    ),
  );
  return h('section', { class: 'result', id: 'result', 'data-hand': ctx.hand, 'data-kind': r.kind }, h('h2', {}, `${roundName(ctx.round)}${ctx.honba ? ` · ${t('result.honba', { n: ctx.honba })}` : ''}: ${title}`), body, indicators, scores);
}

/** The game's downloads: its log in each format the server gives (`/api/games/:id/<sub>`). */
export const DOWNLOADS: readonly { sub: string; id: string; text: string; short: string; ext: string }[] = [
  { sub: 'tenhou6', id: 'tenhou6', text: 'tenhou.net/6 JSON', short: 'tenhou.net/6', ext: 'tenhou6.json' },
  { sub: 'mjai', id: 'mjai', text: 'mjai', short: 'mjai', ext: 'mjai.jsonl' },
  { sub: 'mjlog', id: 'mjlog', text: 'mjlog (Tenhou XML)', short: 'mjlog', ext: 'mjlog.xml' },
];

/** The final table: rank, points, uma (with oka), penalties, final score; and the download links (`logHref(sub)`: a record's address; `profile(seat)`: its player's profile page, if any). */
export function standingsEl(
  standings: Standing[],
  opts: { label: (seat: number) => string; returnPoints?: number; logHref: (sub: string) => string; profile?: (seat: number) => string | null },
): HTMLElement {
  const rows = [...standings].sort((a, b) => a.rank - b.rank);
  const uma = (s: Standing) => (opts.returnPoints === undefined ? null : Math.round((s.final + s.penalty - (s.points - opts.returnPoints) / 1000) * 10) / 10);
  const fmt = (n: number) => (n > 0 ? `+${n.toFixed(1)}` : n.toFixed(1));
  return h(
    'section',
    { class: 'standings', id: 'standings' },
    h('h2', {}, t('final.title')),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, (['final.rank', 'final.player', 'final.points', 'final.uma', 'final.penalty', 'final.final'] as const).map((c) => h('th', {}, t(c))))),
      h(
        'tbody',
        {},
        rows.map((s) =>
          h(
            'tr',
            { 'data-seat': s.seat },
            h('td', {}, String(s.rank)),
            h('td', {}, opts.profile?.(s.seat) ? h('a', { href: opts.profile(s.seat)!, class: 'profile-link' }, opts.label(s.seat)) : opts.label(s.seat)),
            h('td', { class: 'num' }, String(s.points)),
            h('td', { class: 'num' }, uma(s) === null ? '—' : fmt(uma(s)!)),
            h('td', { class: 'num', 'data-penalty': s.penalty }, s.penalty ? `\u2212${s.penalty}` : '0'),
            h('td', { class: 'num', 'data-final': s.final }, fmt(s.final)),
          ),
        ),
      ),
    ),
    h(
      'p',
      { class: 'downloads' },
      t('final.download'),
      DOWNLOADS.map((d, i) => [i ? ' · ' : '', h('a', { href: opts.logHref(d.sub), id: d.id, target: '_blank', rel: 'noopener', download: '' }, d.text)]),
    ),
  );
}

