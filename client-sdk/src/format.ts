import type { HandResult, Standing } from '@jantaku/shared/game/types';
import type { RefereeEvent } from '@jantaku/shared/referee/referee';
import { describePenalty } from '@jantaku/shared/referee/penalty';
import { handOfOwn } from '@jantaku/shared/protocol/legal';
import { meldsOf, penaltyTilesOf, unpackDiscard, type TableState } from '@jantaku/shared/schema/table';
import { doraKindOf, kindOf, kindToString, tilesToString, tileToString } from '@jantaku/shared/tiles/index';

/** Text of a table for people (terminals, logs): mpsz tiles. Pure: no I/O, browser-safe. */

const WINDS = 'ESWN';
const windName = (kind: number): string => WINDS[kind - 27] ?? '?';

/** "E2-1": round wind, hand number, honba. */
export function handLabel(round: number, honba: number): string {
  return `${WINDS[(round >> 2) % 4]}${(round % 4) + 1}-${honba}`;
}

const meldText = (m: { type: string; tiles: number[]; calledTile: number; from: number; addedTile: number }): string => {
  const from = m.from >= 0 ? `<${m.from}` : '';
  return `${m.type} ${tilesToString(m.tiles)}${from}`;
};

function resultText(r: HandResult, names: (s: number) => string): string {
  if (r.kind === 'win') {
    return r.wins
      .map((w) => {
        const yaku = w.score.yaku.map((y) => y.id).join(', ');
        const how = w.tsumo ? 'tsumo' : `ron from ${names(w.from)}`;
        return `${names(w.winner)} wins by ${how} on ${tileToString(w.winTile)}: ${w.score.han} han ${w.score.fu} fu (${yaku})`;
      })
      .join('; ');
  }
  if (r.kind === 'chombo') return `chombo: ${(r.chombo ?? []).map((c) => `${names(c.seat)} ${c.rule}`).join(', ')}, hand redealt`;
  const tenpai = r.tenpai.length ? `tenpai ${r.tenpai.map(names).join(', ')}` : 'all noten';
  return `draw (${r.draw ?? 'exhaustive'}), ${tenpai}`;
}

const deltasText = (deltas: number[], names: (s: number) => string): string =>
  deltas.map((d, s) => (d === 0 ? null : `${names(s)} ${d > 0 ? '+' : ''}${d}`)).filter((x) => x !== null).join(', ');

export function standingsText(standings: Standing[], names: (s: number) => string = (s) => `seat ${s}`): string {
  return [...standings]
    .sort((a, b) => a.rank - b.rank)
    .map((s) => `${s.rank}. ${names(s.seat)} ${s.points} (${s.final >= 0 ? '+' : ''}${s.final}${s.penalty ? `, penalty ${s.penalty}` : ''})`)
    .join('  ');
}

/**
 * The table as lines of text: hand, dora, sticks, then each seat's score, wind, riichi, melds and
 * discards (`*` tsumogiri, `r` riichi tile, `c` called away); the viewer's hand when it has one.
 */
export function renderTable(state: TableState, options: { names?: string[] } = {}): string {
  const name = (s: number) => options.names?.[s] || `seat ${s}`;
  const lines: string[] = [];
  const dora = Array.from(state.doraIndicators);
  lines.push(
    `${handLabel(state.round, state.honba)}  ${state.ruleset}  phase ${state.phase}  wall ${state.remaining}  riichi sticks ${state.riichiSticks}` +
      `  dora ${dora.map((t) => kindToString(doraKindOf(kindOf(t)))).join(' ') || '-'} (indicators ${tilesToString(dora) || '-'})`,
  );
  for (const s of Array.from(state.seats)) {
    // `presence` (player, away, absent, bot, empty) where the server sends it; else `bot` and `connected`.
    const presence = (s as { presence?: string }).presence ?? (s.bot ? 'bot' : s.connected ? 'player' : 'away');
    const flags = [s.seat === state.dealer ? 'dealer' : '', s.riichi ? 'RIICHI' : '', s.deadHand ? 'DEAD HAND' : '', presence === 'player' ? '' : presence]
      .filter(Boolean)
      .join(' ');
    const turn = state.turn === s.seat && (state.phase === 'turn' || state.phase === 'draw') ? '>' : ' ';
    lines.push(`${turn}${windName(s.wind)} ${name(s.seat).padEnd(10)} ${String(s.score).padStart(6)}  ${flags}`);
    const melds = Array.from(meldsOf(s), (m) => meldText({ ...m, tiles: Array.from(m.tiles) }));
    if (melds.length) lines.push(`    melds: ${melds.join(' | ')}`);
    const discards = Array.from(s.discards, unpackDiscard).map((d) => `${tileToString(d.tile)}${d.riichi ? 'r' : ''}${d.tsumogiri ? '*' : ''}${d.called ? 'c' : ''}`);
    lines.push(`    discards: ${discards.join(' ') || '-'}`);
    const penalty = Array.from(penaltyTilesOf(s), (p) => tileToString(p.tile));
    if (penalty.length) lines.push(`    penalty tiles: ${penalty.join(' ')}`);
    if (s.own) lines.push(`    hand: ${tilesToString(handOfOwn(s.own))}${s.own.drawn >= 0 ? `  drew ${tileToString(s.own.drawn)}` : ''}`);
  }
  if (state.claimTile >= 0) lines.push(`claim open on ${tileToString(state.claimTile)} from ${name(state.claimFrom)}`);
  if (state.lastResult) {
    const r = JSON.parse(state.lastResult) as HandResult;
    lines.push(`result: ${resultText(r, name)}; ${deltasText(r.deltas, name) || 'no payments'}`);
  }
  if (state.standings) lines.push(`final: ${standingsText(JSON.parse(state.standings) as Standing[], name)}`);
  return lines.join('\n');
}

/** One line for a referee event, or null for those with nothing to show (a hidden draw). */
export function describeEvent(e: RefereeEvent, names: (s: number) => string = (s) => `seat ${s}`): string | null {
  switch (e.type) {
    case 'handStarted':
      return `— ${handLabel(e.round, e.honba)} starts: dealer ${names(e.dealer)}, scores ${e.scores.join('/')}, dora indicator ${tileToString(e.doraIndicator)}`;
    case 'dealt':
      return `${names(e.seat)} is dealt ${tilesToString(e.tiles)}`;
    case 'drew':
      return e.tile === undefined ? null : `${names(e.seat)} draws ${tileToString(e.tile)}${e.rinshan ? ' (rinshan)' : ''}`;
    case 'discarded':
      return `${names(e.seat)} ${e.riichi ? 'declares riichi, discarding' : 'discards'} ${tileToString(e.tile)}${e.tsumogiri ? ' (tsumogiri)' : ''}`;
    case 'riichiAccepted':
      return `${names(e.seat)}'s riichi is accepted (${e.riichiSticks} stick${e.riichiSticks === 1 ? '' : 's'} on the table)`;
    case 'called':
      return `${names(e.seat)} calls ${e.meld.type} ${tilesToString(e.meld.tiles)}`;
    case 'doraRevealed':
      return `new dora indicator ${tileToString(e.indicator)}`;
    case 'claimWindow':
    case 'claimOffered':
      return null;
    case 'handEnded':
      return `— hand over: ${resultText(e.result, names)}; ${deltasText(e.result.deltas, names) || 'no payments'}; scores ${e.scores.join('/')}`;
    case 'gameEnded':
      return `— game over: ${standingsText(e.standings, names)}`;
    case 'deadHand':
      return `${names(e.seat)}'s hand is dead (${e.rule})`;
    case 'penaltyTiles':
      return `${names(e.seat)} lays penalty tiles ${tilesToString(e.tiles)} (${e.rule})`;
    case 'penalty':
      return `${names(e.seat)} gets ${e.points} penalty points (${e.rule})`;
    case 'fault':
      return `FAULT ${names(e.seat)} ${e.rule}: ${e.reason} — ${describePenalty(e.penalty)}`;
    case 'faultCancelled':
      return `fault of ${names(e.seat)} cancelled (${e.rule}): ${e.because}`;
  }
}
