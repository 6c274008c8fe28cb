import type { Presence, matchMaker } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';

/**
 * Running several server processes as one: Redis shares matchmaking (the room listings, the
 * driver) and inter-process calls (seat reservations, remote room creation: the presence). A
 * room lives in one process; any process can find it and reserve a seat in it, and the client
 * then opens its websocket to the room's own process at that process's `publicAddress`.
 *
 * Each process records the rooms it hosts in its own SQLite file (its own JANTAKU_DATA_DIR), and
 * on a restart recovers only those; with DATABASE_URL their finished games are copied to the
 * shared PostgreSQL (store/archive.ts), so every process serves them. Two processes must not share one
 * data directory: SQLite's WAL would let them write the same file on one machine, but each
 * would take the other's open games for its own.
 */
export interface ScaleOptions {
  /** Redis to share matchmaking through (`redis://[user:password@]host:port[/db]`). Default: env REDIS_URL; none: this process alone. */
  redisUrl?: string;
  /** How clients reach this process (`host:port[/path]`, no scheme). Default: env PUBLIC_ADDRESS. */
  publicAddress?: string;
  /** How long `listen` waits for Redis before failing, ms (default 10,000). */
  redisTimeoutMs?: number;
}

/** What `defineServer` takes for scaling; without Redis, presence and driver stay Colyseus's in-memory ones. */
export interface ScaleSettings {
  presence?: Presence;
  driver?: matchMaker.MatchMakerDriver;
  publicAddress?: string;
  /** Fails `listen` with a clear error if Redis does not answer (rather than hanging in matchmaking). */
  beforeListen?: () => Promise<void>;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

const blank = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v.trim());

/** Presence, driver and public address from the options, else from env REDIS_URL and PUBLIC_ADDRESS. */
export function scaleSettings(opts: ScaleOptions = {}, env: NodeJS.ProcessEnv = process.env): ScaleSettings {
  const redisUrl = blank(opts.redisUrl ?? env.REDIS_URL);
  const publicAddress = blank(opts.publicAddress ?? env.PUBLIC_ADDRESS);
  // The SDK puts ws:// or wss:// in front itself (wss when the client itself uses https).
  if (publicAddress && /^[a-z][a-z0-9+.-]*:\/\//i.test(publicAddress))
    throw new Error(`PUBLIC_ADDRESS is host:port[/path] without a scheme, got ${publicAddress}`);
  if (!redisUrl) return publicAddress ? { publicAddress } : {};
  let parsed: URL;
  try {
    parsed = new URL(redisUrl);
  } catch {
    throw new Error(`REDIS_URL is not a URL: ${redactUrl(redisUrl)}`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new Error(`REDIS_URL must start with redis:// or rediss://, got ${redactUrl(redisUrl)}`);
  const presence = new RedisPresence(redisUrl);
  const driver = new RedisDriver(redisUrl);
  const timeoutMs = opts.redisTimeoutMs ?? 10_000;
  const beforeListen = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from Redis at ${redactUrl(redisUrl)} within ${timeoutMs} ms (REDIS_URL)`)), timeoutMs);
    });
    try {
      await Promise.race([Promise.all([presence.exists('jantaku:ping'), driver.has('jantaku:ping')]), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return { presence, driver, ...(publicAddress ? { publicAddress } : {}), beforeListen };
}
