/**
 * A seat's clock from the table state's clock fields: `deadline` (epoch ms when the running
 * decision's time runs out; 0: none), `bankMs` (bank time left, bank style) and `timePoints`
 * (WSOM time penalty points this hand). Null when the table has no clock.
 */
export interface SeatClock {
  /** ms left in the running decision; null when none runs. */
  left: number | null;
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
  return { left, bank, points, low: left !== null && left < 5000 };
}

const secs = (ms: number) => `${Math.ceil(ms / 1000)}s`;

export function clockText(c: SeatClock): string {
  const parts: string[] = [];
  if (c.left !== null) parts.push(`⏱ ${secs(c.left)}`);
  if (c.bank !== null) parts.push(`bank ${secs(c.bank)}`);
  if (c.points) parts.push(`${c.points} time pts`);
  return parts.join(' · ') || '⏱';
}
