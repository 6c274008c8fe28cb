import { t } from './i18n';
import { RULESETS } from './rulesets';

/**
 * A table's name from its ruleset and settings, in the page's language (issue 15 item 10):
 * "WRC 2015 · 5+20 s", "Tenhou · hanchan", "天鳳 · 東風戦 · 5+10秒"; the creator's own name when
 * it gave one; never an internal id such as "tenhou+custom".
 */
export interface TableFacts {
  /** The base ruleset's name ("wrc2015"); "+custom" (overridden settings) is dropped. */
  ruleset?: string;
  length?: string;
  /** The time control: its kind and, in seconds, the turn's time and the bank (bank) or the turn's (WSOM). */
  clock?: { kind: string; seconds?: number[] };
  /** The creator's own name for the table, if it gave one. */
  name?: string;
}

export function tableName(f: TableFacts): string {
  if (f.name) return f.name;
  const base = (f.ruleset ?? '').replace(/\+custom$/, '');
  const known = RULESETS.some((r) => r.name === base);
  const parts = [known ? t(`ruleset.${base}` as 'ruleset.tenhou') : base || '?'];
  const s = f.clock?.seconds ?? [];
  const clock = f.clock?.kind === 'bank' && s.length >= 2 ? t('name.bank', { base: s[0], bank: s[1] }) : f.clock?.kind === 'wsom' && s.length >= 1 ? t('name.wsom', { turn: s[0] }) : null;
  // The length is said for East-only games and when no clock is: "WRC 2015 · 5+20 s", "Tenhou · hanchan".
  if (f.length === 'tonpuusen' || (f.length === 'hanchan' && !clock)) parts.push(t(f.length === 'tonpuusen' ? 'name.tonpuusen' : 'name.hanchan'));
  if (clock) parts.push(clock);
  return parts.join(t('name.sep'));
}

/** The seconds a time control object gives, as the listing carries them. */
export function clockSeconds(tc: { kind?: string; baseMs?: number; bankMs?: number; turnMs?: number } | undefined): TableFacts['clock'] {
  if (!tc?.kind || tc.kind === 'none') return undefined;
  const s = (ms: number | undefined) => Math.round((ms ?? 0) / 1000);
  return { kind: tc.kind, seconds: tc.kind === 'bank' ? [s(tc.baseMs), s(tc.bankMs)] : tc.kind === 'wsom' ? [s(tc.turnMs)] : [] };
}
