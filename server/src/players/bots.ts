import type { ApiKeyInfo } from '@jantaku/shared/api/accounts';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { checkName, cleanSafe, key, newRow, signedIn, view, type Accounts, type PublicAccount, type SignedIn } from './accounts';

/**
 * Bot accounts and their API keys. A bot is an account of its own (flagged by its `owner`, the
 * person's account that made it), with no password: it logs in by trading a key for a session.
 * A key is `jtk_` + 32 random bytes (base64url); only its SHA-256 is stored. The key is shown
 * once, when made; lists show its id, prefix and dates.
 */
export const KEY_PREFIX = 'jtk_';
/** Keys one bot may hold at once (old ones revoked make room). */
export const KEYS_PER_BOT = 10;
/** Bots one account may own. */
export const BOTS_PER_OWNER = 20;

export class BotError extends Error {
  constructor(
    readonly code: 'NO_BOT' | 'NO_KEY' | 'BAD_API_KEY' | 'BOTS_NEED_ACCOUNT' | 'TOO_MANY_KEYS' | 'TOO_MANY_BOTS',
    message: string,
  ) {
    super(message);
  }
}

/** SHA-256, hex: keys carry 256 random bits, so a fast hash is enough (docs/ACCOUNTS.md says why). */
const digest = (k: string): string => createHash('sha256').update(k).digest('hex');

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

export class Bots {
  constructor(private readonly accounts: Accounts) {}

  private get db() {
    return this.accounts.db;
  }

  /** A new bot account owned by `owner` (a person's account, not a guest or a bot). */
  async create(owner: PublicAccount, name: string): Promise<PublicAccount> {
    if (owner.guest || owner.bot) throw new BotError('BOTS_NEED_ACCOUNT', 'only a registered account (not a guest or a bot) can own bots');
    const clean = checkName(name);
    await this.accounts.ready;
    const { n } = await this.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('owner', '=', owner.id).executeTakeFirstOrThrow();
    if (Number(n) >= BOTS_PER_OWNER) throw new BotError('TOO_MANY_BOTS', `an account owns at most ${BOTS_PER_OWNER} bots`);
    const row = newRow(clean, { owner: owner.id });
    await this.accounts.insert(row);
    return view(row);
  }

  /** The bots `owner` owns. */
  async list(owner: PublicAccount): Promise<PublicAccount[]> {
    await this.accounts.ready;
    const rows = await this.db.selectFrom('accounts').selectAll().where('owner', '=', owner.id).orderBy('created').execute();
    return rows.map(view);
  }

  /** A new key for `owner`'s bot `name`: the only time the key itself is seen. */
  async createKey(owner: PublicAccount, name: string): Promise<{ key: string } & ApiKeyInfo> {
    const bot = await this.owned(owner, name);
    const { n } = await this.db.selectFrom('api_keys').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', bot.id).executeTakeFirstOrThrow();
    if (Number(n) >= KEYS_PER_BOT) throw new BotError('TOO_MANY_KEYS', `a bot holds at most ${KEYS_PER_BOT} keys: revoke one first`);
    const secret = KEY_PREFIX + randomBytes(32).toString('base64url');
    const row = { id: randomUUID(), account_id: bot.id, prefix: secret.slice(0, KEY_PREFIX.length + 6), hash: digest(secret), created: Date.now(), last_used: null };
    await this.db.insertInto('api_keys').values(row).execute();
    return { key: secret, id: row.id, prefix: row.prefix, created: iso(row.created)!, lastUsed: null };
  }

  async keys(owner: PublicAccount, name: string): Promise<ApiKeyInfo[]> {
    const bot = await this.owned(owner, name);
    const rows = await this.db.selectFrom('api_keys').select(['id', 'prefix', 'created', 'last_used']).where('account_id', '=', bot.id).orderBy('created').execute();
    return rows.map((r) => ({ id: r.id, prefix: r.prefix, created: iso(r.created)!, lastUsed: iso(r.last_used) }));
  }

  /** Deletes the key: it is refused from now on, and the sessions it gave end with it (Accounts.ofSession). */
  async revoke(owner: PublicAccount, name: string, id: string): Promise<void> {
    const bot = await this.owned(owner, name);
    const r = await this.db.deleteFrom('api_keys').where('id', '=', id).where('account_id', '=', bot.id).executeTakeFirst();
    if (Number(r.numDeletedRows) !== 1) throw new BotError('NO_KEY', 'no such key for this bot');
  }

  /** The bot account a key belongs to; BAD_API_KEY for a malformed, unknown or revoked key. */
  async exchange(apiKey: string): Promise<SignedIn> {
    const bad = new BotError('BAD_API_KEY', 'the API key is unknown or revoked');
    if (!apiKey.startsWith(KEY_PREFIX)) throw bad;
    await this.accounts.ready;
    const want = digest(apiKey);
    // Found by its digest (what the lookup's timing could tell is about the digest, not the key), then confirmed in constant time.
    const row = await this.db.selectFrom('api_keys').select(['id', 'account_id', 'hash']).where('hash', '=', want).executeTakeFirst();
    if (!row || !timingSafeEqual(Buffer.from(row.hash), Buffer.from(want))) throw bad;
    const bot = await this.accounts.byId(row.account_id);
    if (!bot || bot.owner === null) throw bad;
    await this.db.updateTable('api_keys').set({ last_used: Date.now() }).where('id', '=', row.id).execute();
    return signedIn(bot, row.id);
  }

  /** The bot `name` if `owner` owns it; NO_BOT otherwise (whether or not it exists, so others learn nothing). */
  private async owned(owner: PublicAccount, name: string) {
    await this.accounts.ready;
    const bot = await this.db.selectFrom('accounts').selectAll().where('name_key', '=', key(cleanSafe(name))).where('owner', '=', owner.id).executeTakeFirst();
    if (!bot) throw new BotError('NO_BOT', 'you own no bot of that name');
    return bot;
  }
}
