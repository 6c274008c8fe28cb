/**
 * The game kinds a queue is kept for: each is a table's options and a ladder. People's and bot
 * accounts' ladders are apart (a bot kind's queue and ratings hold bot accounts only). Ranked
 * kinds are rated (players/ratings.ts); a quick kind is not, and fills its empty seats with the
 * server's bots after a wait.
 */
export type Ladder = 'people' | 'bots';

export interface GameKind {
  kind: string;
  title: string;
  /** Shipped ruleset and its overrides, as a table takes them. */
  ruleset: string;
  length: 'hanchan' | 'tonpuusen';
  timeControl: 'none' | 'bank' | 'wsom';
  ladder: Ladder;
  ranked: boolean;
  /** A quick kind: after this many seconds the waiting few are seated with bots. */
  botsAfterSeconds?: number;
}

const kind = (k: GameKind): [string, GameKind] => [k.kind, k];

export const GAME_KINDS: ReadonlyMap<string, GameKind> = new Map([
  kind({ kind: 'tenhou-hanchan', title: 'Tenhou rules · hanchan', ruleset: 'tenhou', length: 'hanchan', timeControl: 'bank', ladder: 'people', ranked: true }),
  kind({ kind: 'tenhou-tonpuusen', title: 'Tenhou rules · tonpuusen', ruleset: 'tenhou', length: 'tonpuusen', timeControl: 'bank', ladder: 'people', ranked: true }),
  kind({ kind: 'wrc-hanchan', title: 'WRC 2015 · hanchan, tournament clock', ruleset: 'wrc2015', length: 'hanchan', timeControl: 'wsom', ladder: 'people', ranked: true }),
  kind({ kind: 'bot-tenhou-hanchan', title: 'Bot ladder · Tenhou rules hanchan', ruleset: 'tenhou', length: 'hanchan', timeControl: 'bank', ladder: 'bots', ranked: true }),
  kind({ kind: 'bot-tenhou-tonpuusen', title: 'Bot ladder · Tenhou rules tonpuusen', ruleset: 'tenhou', length: 'tonpuusen', timeControl: 'bank', ladder: 'bots', ranked: true }),
  kind({ kind: 'quick-tenhou-tonpuusen', title: 'Quick play · Tenhou rules tonpuusen (unranked, bots fill in)', ruleset: 'tenhou', length: 'tonpuusen', timeControl: 'bank', ladder: 'people', ranked: false, botsAfterSeconds: 20 }),
]);

/** The kind a bot account asking for `kind` is queued in: its bot ladder's, where there is one. */
export function kindFor(kind: string, bot: boolean): string {
  const k = GAME_KINDS.get(kind);
  if (bot && k?.ladder === 'people' && k.ranked && GAME_KINDS.has(`bot-${kind}`)) return `bot-${kind}`;
  return kind;
}
