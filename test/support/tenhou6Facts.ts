import type { SeatGame } from '../../server/src/players/stats';

/**
 * What a tenhou.net/6 log says of each seat, read straight from its JSON (its call strings, its
 * 和了 entries with winner, from and points text, its deltas), not through the parser or the
 * engine: the independent side of the statistics tests. `hands`: the log's `log` entries.
 */
export type Facts = Omit<SeatGame, 'final' | 'fouls'>;

/** The hand's value from Tenhou's points text: "7700点" (ron), "1000-2000点" (tsumo), "2000点∀" (dealer tsumo). */
export function logValue(text: string): number {
  const all = text.match(/(\d+)点∀$/);
  if (all) return 3 * Number(all[1]);
  const split = text.match(/(\d+)-(\d+)点$/);
  if (split) return 2 * Number(split[1]) + Number(split[2]);
  return Number(text.match(/(\d+)点$/)![1]);
}

export function logFacts(hands: readonly unknown[][]): Facts[] {
  const facts: Facts[] = [0, 1, 2, 3].map(() => ({ placement: 0, score: 0, hands: 0, wins: 0, tsumo: 0, dealIns: 0, riichi: 0, calls: 0, winValues: [], dealInValues: [] }));
  let end: number[] = [];
  let won = false;
  let sticks = 0;
  for (const h of hands) {
    const [, , sticksAtStart] = h[0] as number[];
    const start = h[1] as number[];
    const result = h[16] as unknown[];
    won = result[0] === '和了';
    const deltas = [0, 0, 0, 0];
    const ronFrom = new Set<number>();
    if (won) {
      for (let i = 1; i < result.length; i += 2) {
        const d = result[i] as number[];
        d.forEach((x, s) => (deltas[s] += x));
        const [winner, from] = result[i + 1] as [number, number];
        const value = logValue((result[i + 1] as string[])[3]);
        facts[winner].wins++;
        facts[winner].winValues.push(value);
        if (winner === from) facts[winner].tsumo++;
        else {
          ronFrom.add(from);
          facts[from].dealInValues.push(value);
        }
      }
    } else if (Array.isArray(result[1])) (result[1] as number[]).forEach((x, s) => (deltas[s] += x));
    let declared = 0;
    for (let s = 0; s < 4; s++) {
      const f = facts[s];
      f.hands++;
      const draws = h[5 + 3 * s] as unknown[];
      const discards = h[6 + 3 * s] as unknown[];
      if (draws.some((d) => typeof d === 'string' && /[cpm]/.test(d))) f.calls++;
      const riichiAt = discards.findIndex((d) => typeof d === 'string' && d.startsWith('r'));
      if (riichiAt >= 0) f.riichi++;
      if (ronFrom.has(s)) f.dealIns++;
      // A riichi stick is paid unless the declaring tile itself was won on (it is the seat's last discard then).
      const accepted = riichiAt >= 0 && !(ronFrom.has(s) && riichiAt === discards.length - 1);
      if (accepted) declared++;
      deltas[s] -= accepted ? 1000 : 0;
    }
    end = start.map((x, s) => x + deltas[s]);
    sticks = won ? 0 : sticksAtStart + declared;
  }
  // Tenhou's final table: ranked by points, ties by seat order; sticks left over go to the first.
  const order = [0, 1, 2, 3].sort((a, b) => end[b] - end[a] || a - b);
  end[order[0]] += sticks * 1000;
  order.forEach((s, i) => {
    facts[s].placement = i + 1;
    facts[s].score = end[s];
  });
  return facts;
}

