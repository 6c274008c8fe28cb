import { t } from './i18n';

/**
 * A seat's clock from the table state's clock fields: `deadline` (epoch ms when the running
 * decision's time runs out; 0: none), `bankMs` (bank time left, bank style) and `timePoints`
 * (WSOM time penalty points this hand). Null when the table has no clock.
 */
export interface SeatClock {
  /** ms left in the running decision, bank included; null when none runs. */
  left: number | null;
  /** Of `left`, the turn's own time (before the bank is touched); `left` when there is no bank. */
  turn: number | null;
  /** Bank left, ms (bank style only). */
  bank: number | null;
  /** WSOM penalty points this hand. */
  points: number;
  low: boolean;
}

interface ClockFields {
  deadline?: number;
  bankMs?: number;
  timePoints?: number;
}

/** `kind`: the ruleset's timeControl kind ('none', 'bank', 'wsom'); unknown: read what is there. */
export function readClock(seat: object, kind: string | undefined, now = Date.now()): SeatClock | null {
  if (kind === 'none') return null;
  const o = seat as ClockFields;
  const left = o.deadline && o.deadline > 0 ? Math.max(0, o.deadline - now) : null;
  // The bank is shown while it has time or while the seat's decision runs (an empty bank then matters).
  const bank = kind === 'bank' && typeof o.bankMs === 'number' && (o.bankMs > 0 || left !== null) ? o.bankMs : null;
  const points = o.timePoints ?? 0;
  if (left === null && bank === null && !points) return null;
  // The deadline is the turn's time plus the whole bank; the bank counts down only once the turn's
  // time is used up (the patches then lower bankMs), so what is left beyond the bank is the turn's.
  const shownBank = bank !== null && left !== null ? Math.min(bank, left) : bank;
  const turn = left !== null && bank !== null ? Math.max(0, left - bank) : left;
  return { left, turn, bank: shownBank, points, low: left !== null && left < 5000 };
}

const secs = (ms: number) => `${Math.ceil(ms / 1000)}s`;

const whole = (ms: number) => String(Math.ceil(ms / 1000));

/** "⏱ 5+10" (the turn's seconds + the bank's, as Tenhou shows them) while a decision runs; "bank 10s" between turns. */
export function clockText(c: SeatClock): string {
  const parts: string[] = [];
  if (c.left !== null && c.bank !== null) parts.push(`⏱ ${whole(c.turn ?? 0)}+${whole(c.bank)}`);
  else if (c.left !== null) parts.push(`⏱ ${secs(c.left)}`);
  else if (c.bank !== null) parts.push(t('clock.bank', { s: whole(c.bank) }));
  if (c.points) parts.push(t('clock.points', { n: c.points }));
  return parts.join(' · ') || '⏱';
}
