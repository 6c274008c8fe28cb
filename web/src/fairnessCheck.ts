/**
 * The browser's own check of a game's walls (docs/FAIRNESS.md): for every hand whose salt and
 * wall are published, SHA-256 of `salt + ":" + wall.join(",")` must be the commitment the
 * table showed before the hand was dealt. Computed with SubtleCrypto, not the server's code.
 */

/** The answer of `GET /api/games/:id/fairness`. */
export interface FairnessReport {
  algorithm: string;
  seed?: string;
  hands: { hand: number; commitment: string; salt?: string; wall?: number[] }[];
}

export interface HandVerdict {
  hand: number;
  /** 'pending': the hand is not over, only its commitment is published. */
  verdict: 'verified' | 'mismatch' | 'pending';
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Checks every revealed hand of a report against its commitment. */
export async function checkFairness(report: FairnessReport): Promise<HandVerdict[]> {
  return Promise.all(
    report.hands.map(async ({ hand, commitment, salt, wall }): Promise<HandVerdict> => {
      if (salt === undefined || wall === undefined) return { hand, verdict: 'pending' };
      const ok = wall.length === 136 && (await sha256Hex(`${salt}:${wall.join(',')}`)) === commitment;
      return { hand, verdict: ok ? 'verified' : 'mismatch' };
    }),
  );
}
