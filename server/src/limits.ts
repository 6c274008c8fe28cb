/**
 * The server's limits on abuse (issue 14), each set by an environment variable (or by
 * `createServer({ limits })`), checked at start so a typo never switches one off, and every one
 * reported in `/metrics` as `jantaku_limit{limit="…"}`.
 */
export interface Limits {
  /** Largest HTTP request body read, bytes (JANTAKU_MAX_BODY_BYTES): larger ones get 413. */
  maxBodyBytes: number;
  /** Tables one address may have open at once, counted from their creation (JANTAKU_TABLES_PER_ADDRESS; 0: no limit). */
  tablesPerAddress: number;
  /** Tables one address may create per minute (JANTAKU_CREATES_PER_MINUTE; 0: no limit). */
  createsPerMinute: number;
  /** Finished games are deleted this many days after they ended (JANTAKU_RETENTION_DAYS; 0: kept for ever). */
  retentionDays: number;
  /** Largest websocket frame, bytes (JANTAKU_MAX_FRAME_BYTES): a larger one closes the connection. */
  maxFrameBytes: number;
  /** A client's message budget (rateLimit.ts): burst, and tokens back per second (JANTAKU_MESSAGE_BURST, JANTAKU_MESSAGES_PER_SECOND). */
  messageBurst: number;
  messagesPerSecond: number;
  /** This process's capacity (capacity.ts): live tables, and seats claimed by players (JANTAKU_MAX_TABLES, JANTAKU_MAX_SEATS; 0: no limit). Past it: SERVER_FULL. */
  maxTables: number;
  maxSeats: number;
  /**
   * Take a client's address from X-Forwarded-For / X-Real-IP (JANTAKU_TRUST_PROXY=1): only behind
   * a proxy that sets them. Otherwise those headers are dropped and the peer address is used, so
   * no client can pick the address its limits are counted under.
   */
  trustProxy: boolean;
}

export const DEFAULT_LIMITS: Readonly<Limits> = {
  maxBodyBytes: 8192,
  tablesPerAddress: 8,
  createsPerMinute: 20,
  retentionDays: 365,
  maxFrameBytes: 4096,
  messageBurst: 20,
  messagesPerSecond: 5,
  maxTables: 0,
  maxSeats: 0,
  trustProxy: false,
};

/** Back-compatible name of the default body cap. */
export const DEFAULT_MAX_BODY_BYTES = DEFAULT_LIMITS.maxBodyBytes;

/** Each numeric limit: its variable and its range. */
const NUMERIC: { key: Exclude<keyof Limits, 'trustProxy'>; env: string; min: number; max: number }[] = [
  { key: 'maxBodyBytes', env: 'JANTAKU_MAX_BODY_BYTES', min: 1, max: 1 << 20 },
  { key: 'tablesPerAddress', env: 'JANTAKU_TABLES_PER_ADDRESS', min: 0, max: 1_000_000 },
  { key: 'createsPerMinute', env: 'JANTAKU_CREATES_PER_MINUTE', min: 0, max: 1_000_000 },
  { key: 'retentionDays', env: 'JANTAKU_RETENTION_DAYS', min: 0, max: 100_000 },
  // An action is at most 512 bytes: a frame must hold one, with the protocol's few bytes around it.
  { key: 'maxFrameBytes', env: 'JANTAKU_MAX_FRAME_BYTES', min: 1024, max: 1 << 20 },
  { key: 'messageBurst', env: 'JANTAKU_MESSAGE_BURST', min: 1, max: 10_000 },
  { key: 'messagesPerSecond', env: 'JANTAKU_MESSAGES_PER_SECOND', min: 1, max: 10_000 },
  { key: 'maxTables', env: 'JANTAKU_MAX_TABLES', min: 0, max: 1_000_000 },
  { key: 'maxSeats', env: 'JANTAKU_MAX_SEATS', min: 0, max: 4_000_000 },
];

/** The limits from the environment, over the defaults; throws naming the variable of a bad value. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): Limits {
  const out: Limits = { ...DEFAULT_LIMITS };
  for (const { key, env: name, min, max } of NUMERIC) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`invalid ${name}: ${raw} (an integer ${min}..${max})`);
    out[key] = n;
  }
  const proxy = env.JANTAKU_TRUST_PROXY;
  if (proxy !== undefined && proxy !== '') {
    if (proxy !== '0' && proxy !== '1') throw new Error(`invalid JANTAKU_TRUST_PROXY: ${proxy} (0 or 1)`);
    out.trustProxy = proxy === '1';
  }
  return out;
}

/** JANTAKU_MAX_BODY_BYTES, checked. */
export const maxBodyBytes = (env: NodeJS.ProcessEnv = process.env): number => limitsFromEnv(env).maxBodyBytes;
