import { createEndpoint } from '@colyseus/core';
import { z } from 'zod';
import type { Logger } from 'pino';
import { requestAddress } from '../address';
import { logger } from '../log';
import { AccountError, Accounts, PASSWORD_MAX, PASSWORD_MIN, type PublicAccount, type SignedIn } from './accounts';
import { BotError, Bots } from './bots';
import { LoginFailures } from './loginFailures';
import type { Session, Sessions } from './sessions';

/**
 * The accounts' HTTP routes. Answers are built from PublicAccount (never a row: no hash), and
 * bodies are checked with zod. Failed logins are limited per address and per name.
 */
const Credentials = z.object({
  name: z.string().min(1).max(200),
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** `POST /api/sessions` with a bot's API key instead of a name and password. */
const KeyExchange = z.object({ apiKey: z.string().min(1).max(200) }).strict();
const BotName = z.object({ name: z.string().min(1).max(200) }).strict();
const RoleBody = z.object({ role: z.enum(['player', 'organiser', 'admin']) }).strict();

/** Failed logins allowed per name in a minute, and per address (many players may share one). */
export const LOGIN_FAILURES_PER_MINUTE = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 100;

const fail = (status: number, error: string, reason: string) => Response.json({ error, reason }, { status });

/** The router has parsed the JSON body already (malformed JSON: its own 400). */
function body(json: unknown): z.infer<typeof Credentials> | Response {
  const r = Credentials.safeParse(json);
  return r.success ? r.data : fail(400, 'BAD_BODY', 'expected { name, password } strings');
}

const BOT_STATUS: Record<BotError['code'], number> = { NO_BOT: 404, NO_KEY: 404, BAD_API_KEY: 401, BOTS_NEED_ACCOUNT: 403, TOO_MANY_KEYS: 409, TOO_MANY_BOTS: 409 };

const refusal = (e: unknown): Response => {
  if (e instanceof BotError) return fail(BOT_STATUS[e.code], e.code, e.message);
  if (!(e instanceof AccountError)) throw e;
  const status = e.code === 'NAME_TAKEN' || e.code === 'NOT_GUEST' ? 409 : e.code === 'BAD_LOGIN' ? 401 : e.code === 'NO_ACCOUNT' ? 404 : 400;
  return fail(status, e.code, e.message);
};

/** The session of a request's `Authorization: Bearer …` header, or null. */
export function sessionOf(request: Request | undefined, sessions: Sessions): Session | null {
  const h = request?.headers.get('authorization') ?? '';
  return h.startsWith('Bearer ') ? sessions.verify(h.slice(7)) : null;
}

export function accountRoutes(accounts: Accounts, sessions: Sessions, log: Logger = logger) {
  const failures = new LoginFailures(accounts);
  const answer = ({ account: a, gen, key }: SignedIn, status = 200) =>
    Response.json({ token: sessions.sign({ sub: a.id, name: a.name, guest: a.guest, gen, ...(key !== undefined ? { key } : {}) }), account: a }, { status });
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
      const signed = guest?.guest ? await accounts.claim(guest.id, b.name, b.password) : await accounts.register(b.name, b.password);
      log.info({ event: 'account', id: signed.account.id, name: signed.account.name, fromGuest: guest?.guest === true }, 'account registered');
      return answer(signed, 201);
    } catch (e) {
      return refusal(e);
    }
  };
  const bots = new Bots(accounts);
  /** A bot's key for a session of the bot. No failure limit: a key has 256 random bits, not a guessable password. */
  const exchange = async (json: unknown) => {
    const b = KeyExchange.safeParse(json);
    if (!b.success) return fail(400, 'BAD_BODY', 'expected { apiKey } (a string)');
    try {
      const bot = await bots.exchange(b.data.apiKey);
      log.info({ event: 'botLogin', id: bot.account.id, name: bot.account.name }, 'bot logged in with an API key');
      return answer(bot);
    } catch (e) {
      if (e instanceof BotError) log.info({ event: 'apiKeyRefused' }, 'API key refused');
      return refusal(e);
    }
  };
  /** Runs `f` with the request's account, or answers 401 NO_SESSION; a BotError/AccountError becomes its refusal. */
  const asOwner = async (request: Request | undefined, f: (a: PublicAccount) => Promise<Response>) => {
    const a = await current(request);
    if (!a) return fail(401, 'NO_SESSION', 'no valid session');
    try {
      return await f(a);
    } catch (e) {
      return refusal(e);
    }
  };
  const param = (v: unknown) => {
    if (typeof v !== 'string') return '';
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  };
  const login = async (request: Request | undefined, json: unknown) => {
    if (json && typeof json === 'object' && 'apiKey' in json) return exchange(json);
    const b = body(json);
    if (b instanceof Response) return b;
    const address = request ? requestAddress(request.headers) : 'unknown';
    const addressKey = `address:${address}`;
    const nameKey = `name:${b.name.toLowerCase()}`;
    const seen = await failures.counts([addressKey, nameKey]);
    if ((seen.get(addressKey) ?? 0) >= LOGIN_FAILURES_PER_ADDRESS || (seen.get(nameKey) ?? 0) >= LOGIN_FAILURES_PER_MINUTE)
      return fail(429, 'LOGIN_RATE_LIMITED', 'too many failed logins: wait a minute');
    try {
      return answer(await accounts.login(b.name, b.password));
    } catch (e) {
      if (e instanceof AccountError) {
        await failures.add([addressKey, nameKey]);
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
    bots: createEndpoint('/api/bots', { method: 'POST' }, async (ctx) =>
      asOwner(ctx.request, async (owner) => {
        const b = BotName.safeParse(ctx.body);
        if (!b.success) return fail(400, 'BAD_BODY', 'expected { name } (a string)');
        const bot = await bots.create(owner, b.data.name);
        log.info({ event: 'botCreated', id: bot.id, name: bot.name, owner: owner.id }, 'bot account created');
        return Response.json({ account: bot }, { status: 201 });
      }),
    ),
    // An admin gives a role (the first admin is made with `npm run role`, on the server).
    role: createEndpoint('/api/accounts/:name/role', { method: 'PUT' }, async (ctx) =>
      asOwner(ctx.request, async (admin) => {
        if (admin.role !== 'admin') return fail(403, 'NOT_ADMIN', 'only an admin gives roles');
        const b = RoleBody.safeParse(ctx.body);
        if (!b.success) return fail(400, 'BAD_BODY', 'expected { role }: player, organiser or admin');
        const a = await accounts.setRole(param(ctx.params.name), b.data.role);
        log.info({ event: 'roleSet', id: a.id, role: a.role, by: admin.id }, 'role given');
        return Response.json({ account: a });
      }),
    ),
    myBots: createEndpoint('/api/bots', { method: 'GET' }, async (ctx) => asOwner(ctx.request, async (owner) => Response.json({ bots: await bots.list(owner) }))),
    createKey: createEndpoint('/api/bots/:name/keys', { method: 'POST' }, async (ctx) =>
      asOwner(ctx.request, async (owner) => {
        const k = await bots.createKey(owner, param(ctx.params.name));
        log.info({ event: 'apiKeyCreated', keyId: k.id, owner: owner.id }, 'API key created');
        // The one answer with a key in it.
        return Response.json(k, { status: 201 });
      }),
    ),
    keys: createEndpoint('/api/bots/:name/keys', { method: 'GET' }, async (ctx) => asOwner(ctx.request, async (owner) => Response.json({ keys: await bots.keys(owner, param(ctx.params.name)) }))),
    revokeKey: createEndpoint('/api/bots/:name/keys/:id', { method: 'DELETE' }, async (ctx) =>
      asOwner(ctx.request, async (owner) => {
        await bots.revoke(owner, param(ctx.params.name), param(ctx.params.id));
        log.info({ event: 'apiKeyRevoked', keyId: param(ctx.params.id), owner: owner.id }, 'API key revoked');
        return Response.json({ ok: true });
      }),
    ),
    logout: createEndpoint('/api/sessions', { method: 'DELETE' }, async (ctx) => {
      const a = await current(ctx.request);
      if (!a) return fail(401, 'NO_SESSION', 'no valid session');
      await accounts.logout(a.id);
      return Response.json({ ok: true });
    }),
  };
}
