import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AuthContext } from '@colyseus/core';

/**
 * Who is asking, as the server (not the client) says: each matchmaking request's options get an
 * `origin` under a key no client can set (every request's value is overwritten in `stampOrigin`,
 * the room's static onAuth): the request's address (pinned by address.ts) and a fresh id. The
 * room counts its creator's tables by address (quota.ts), knows its creator by the id, and keeps
 * commentators away from the addresses of its players.
 */
export const ORIGIN_KEY = 'jantaku:origin';

/** The key of a service table's request (service.ts): the server's own create calls only, stripped from every client's. */
export const SERVICE_KEY = 'jantaku:service';

export interface Origin {
  address: string;
  /** Unique to one matchmaking request: the create call's is the creator's. */
  request: string;
}

/** What a client's connection carries (`client.auth`): the address its seat reservation came from. */
export interface ClientAuth {
  address: string;
  /** The account of a verified session (players/roomAuth.ts), if the client sent one. */
  account?: { id: string; name: string; guest: boolean; bot: boolean };
}

/** The room's static onAuth: stamps the options with their origin; the client's auth is its address. */
export function stampOrigin(options: unknown, context: AuthContext): ClientAuth {
  const address = context.ip ?? 'unknown';
  if (options && typeof options === 'object') {
    (options as Record<string, unknown>)[ORIGIN_KEY] = { address, request: randomUUID() } satisfies Origin;
    delete (options as Record<string, unknown>)[SERVICE_KEY];
  }
  return { address };
}

/** The origin stamped on `options`, removed from them (the options are then checked as the client's); null for the server's own calls. */
export function takeOrigin(options: Record<string, unknown>): Origin | null {
  const o = options[ORIGIN_KEY] as Partial<Origin> | undefined;
  delete options[ORIGIN_KEY];
  return o && typeof o.address === 'string' && typeof o.request === 'string' ? { address: o.address, request: o.request } : null;
}

/** The origin on a join's options, left in place. */
export function originOf(options: Record<string, unknown>): Origin | null {
  const o = options[ORIGIN_KEY] as Partial<Origin> | undefined;
  return o && typeof o.address === 'string' && typeof o.request === 'string' ? { address: o.address, request: o.request } : null;
}

/** A private table's invite code: 72 random bits, URL-safe. */
export const newInviteCode = (): string => randomBytes(9).toString('base64url');

/** `given` is the invite code (compared in constant time). */
export function isInviteCode(code: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(code);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
