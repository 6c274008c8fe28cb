import { createEndpoint } from '@colyseus/core';
import { z } from 'zod';
import type { Logger } from 'pino';
import { logger } from '../log';
import { AccountError, Accounts, PASSWORD_MAX, PASSWORD_MIN, type PublicAccount } from './accounts';
import type { Session, Sessions } from './sessions';

/**
 * The accounts' HTTP routes. Answers are built from PublicAccount (never a row: no hash), and
 * bodies are checked with zod. Failed logins are limited per address and per name.
 */
const Credentials = z.object({
  name: z.string().min(1).max(200),
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** Failed logins allowed per name in a minute, and per address (many players may share one). */
export const LOGIN_FAILURES_PER_MINUTE = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 100;

const fail = (status: number, error: string, reason: string) => Response.json({ error, reason }, { status });

class FailureWindow {
  private recent = new Map<string, number[]>();
  blocked(key: string, limit: number, now = Date.now()): boolean {
    const t = (this.recent.get(key) ?? []).filter((x) => x > now - 60_000);
    if (t.length === 0) this.recent.delete(key);
    else this.recent.set(key, t);
    return t.length >= limit;
  }
  add(key: string, now = Date.now()): void {
    // Many names tried: forget the minutes past, so the map stays bounded by a minute's failures.
    if (this.recent.size > 10_000) for (const k of [...this.recent.keys()]) this.blocked(k, Infinity, now);
    this.recent.set(key, [...(this.recent.get(key) ?? []), now]);
  }
}

/** The router has parsed the JSON body already (malformed JSON: its own 400). */
function body(json: unknown): z.infer<typeof Credentials> | Response {
  const r = Credentials.safeParse(json);
  return r.success ? r.data : fail(400, 'BAD_BODY', 'expected { name, password } strings');
}

const refusal = (e: unknown): Response => {
  if (!(e instanceof AccountError)) throw e;
  const status = e.code === 'NAME_TAKEN' || e.code === 'NOT_GUEST' ? 409 : e.code === 'BAD_LOGIN' ? 401 : 400;
  return fail(status, e.code, e.message);
};

/** The session of a request's `Authorization: Bearer …` header, or null. */
export function sessionOf(request: Request | undefined, sessions: Sessions): Session | null {
  const h = request?.headers.get('authorization') ?? '';
  return h.startsWith('Bearer ') ? sessions.verify(h.slice(7)) : null;
}

export function accountRoutes(accounts: Accounts, sessions: Sessions, log: Logger = logger) {
  const failures = new FailureWindow();
  const answer = async (a: PublicAccount, status = 200) => Response.json({ token: sessions.sign({ sub: a.id, name: a.name, guest: a.guest, gen: await accounts.sessionGen(a.id) }), account: a }, { status });
  /** The account of a request's valid session, or null. */
  const current = async (request: Request | undefined) => {
    const s = sessionOf(request, sessions);
    return s ? accounts.ofSession(s) : null;
  };
  const register = async (request: Request | undefined, json: unknown) => {
    const b = body(json);
    if (b instanceof Response) return b;
    if (b.password.length < PASSWORD_MIN) return fail(400, 'WEAK_PASSWORD', `a password has at least ${PASSWORD_MIN} characters`);
    // A guest's session turns that guest into this account (keeping its id and games).
    const guest = await current(request);
    try {
      const a = guest?.guest ? await accounts.claim(guest.id, b.name, b.password) : await accounts.register(b.name, b.password);
      log.info({ event: 'account', id: a.id, name: a.name, fromGuest: guest?.guest === true }, 'account registered');
      return answer(a, 201);
    } catch (e) {
      return refusal(e);
    }
  };
  const login = async (request: Request | undefined, json: unknown) => {
    const b = body(json);
    if (b instanceof Response) return b;
    const address = request?.headers.get('x-real-ip') ?? 'unknown';
    const nameKey = `name:${b.name.toLowerCase()}`;
    if (failures.blocked(address, LOGIN_FAILURES_PER_ADDRESS) || failures.blocked(nameKey, LOGIN_FAILURES_PER_MINUTE)) return fail(429, 'LOGIN_RATE_LIMITED', 'too many failed logins: wait a minute');
    try {
      return answer(await accounts.login(b.name, b.password));
    } catch (e) {
      if (e instanceof AccountError) {
        failures.add(address);
        failures.add(nameKey);
        log.info({ event: 'loginRefused', address }, 'login refused');
      }
      return refusal(e);
    }
  };
  return {
    register: createEndpoint('/api/register', { method: 'POST' }, async (ctx) => register(ctx.request, ctx.body)),
    accounts: createEndpoint('/api/accounts', { method: 'POST' }, async (ctx) => register(ctx.request, ctx.body)),
    login: createEndpoint('/api/login', { method: 'POST' }, async (ctx) => login(ctx.request, ctx.body)),
    sessions: createEndpoint('/api/sessions', { method: 'POST' }, async (ctx) => login(ctx.request, ctx.body)),
    guest: createEndpoint('/api/guests', { method: 'POST' }, async () => answer(await accounts.guest(), 201)),
    me: createEndpoint('/api/me', { method: 'GET' }, async (ctx) => {
      const a = await current(ctx.request);
      return a ? Response.json({ account: a }) : fail(401, 'NO_SESSION', 'no valid session');
    }),
    logout: createEndpoint('/api/sessions', { method: 'DELETE' }, async (ctx) => {
      const a = await current(ctx.request);
      if (!a) return fail(401, 'NO_SESSION', 'no valid session');
      await accounts.logout(a.id);
      return Response.json({ ok: true });
    }),
  };
}
