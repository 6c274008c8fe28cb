import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Account as PublicAccount, Role } from '@jantaku/shared/api/accounts';
import { cleanName } from '@jantaku/shared/text';
import { isUniqueViolation, migratePlayers, openPlayersDb, type PlayersDb, type PlayersDbOptions } from './db';

/**
 * Accounts: a unique cleaned name and an argon2id hash of the password (@node-rs/argon2: a
 * prebuilt binary from the npm registry, no install script), in the players store (db.ts).
 * Nothing here is read by the table room.
 */
export const NAME_MAX = 24;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

// What HTTP answers show of an account (never the hash): defined in shared, which the SDK reads too.
export type { Account as PublicAccount, Role } from '@jantaku/shared/api/accounts';
export const ROLES: readonly Role[] = ['player', 'organiser', 'admin'];

type Row = PlayersDb['accounts'];

/**
 * An account as just signed in, with what its new session is to carry: the account's session
 * generation (read with the account, not again), and the API key it came with, if any.
 */
export interface SignedIn {
  account: PublicAccount;
  gen: number;
  /** The id of the API key a bot's session was exchanged for: revoking the key ends the session. */
  key?: string;
}

export class AccountError extends Error {
  constructor(
    readonly code: 'NAME_TAKEN' | 'BAD_NAME' | 'BAD_LOGIN' | 'NOT_GUEST' | 'NO_ACCOUNT' | 'BAD_ROLE',
    message: string,
  ) {
    super(message);
  }
}

/** A fixed hash to verify against when the name is unknown, so both failures take as long. */
let dummyHash: Promise<string> | null = null;

export class Accounts {
  /** The players store (also used by bots.ts). */
  readonly db: Kysely<PlayersDb>;
  /** The migrations, run at start; every call waits for them. */
  readonly ready: Promise<void>;

  constructor(opts: PlayersDbOptions) {
    this.db = openPlayersDb(opts);
    this.ready = migratePlayers(this.db);
    // A failed migration is reported by the first call (and by `start`, which awaits `ready`).
    this.ready.catch(() => {});
  }

  /** A new account; throws AccountError NAME_TAKEN / BAD_NAME. */
  async register(name: string, password: string): Promise<SignedIn> {
    const clean = checkName(name);
    const row = newRow(clean, { hash: await hash(password) });
    await this.insert(row);
    return signedIn(row);
  }

  /** A guest account: plays at once, no password; `claim` turns it into a named account. */
  async guest(): Promise<SignedIn> {
    const id = randomUUID();
    const row = newRow(`guest-${id.slice(0, 8)}`, { id });
    await this.insert(row);
    return signedIn(row);
  }

  /** The guest `id` becomes a named account with a password, keeping its id (and so its games). */
  async claim(id: string, name: string, password: string): Promise<SignedIn> {
    const row = await this.byId(id);
    if (!row) throw new AccountError('NO_ACCOUNT', 'no such account');
    if (row.hash !== null || row.owner !== null) throw new AccountError('NOT_GUEST', 'already an account with a password');
    const clean = checkName(name);
    const h = await hash(password);
    try {
      const r = await this.db.updateTable('accounts').set({ name: clean, name_key: key(clean), hash: h }).where('id', '=', id).where('hash', 'is', null).where('owner', 'is', null).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new AccountError('NOT_GUEST', 'already an account with a password');
    } catch (e) {
      throw taken(e);
    }
    return signedIn({ ...row, name: clean, hash: h });
  }

  /** The account if the password is its own; throws AccountError BAD_LOGIN otherwise (same for an unknown name). */
  async login(name: string, password: string): Promise<SignedIn> {
    await this.ready;
    const row = await this.db.selectFrom('accounts').selectAll().where('name_key', '=', key(cleanSafe(name))).executeTakeFirst();
    if (!row || row.hash === null) {
      dummyHash ??= hash('not a password of anyone');
      await verify(await dummyHash, password);
      throw new AccountError('BAD_LOGIN', 'wrong name or password');
    }
    if (!(await verify(row.hash, password))) throw new AccountError('BAD_LOGIN', 'wrong name or password');
    return signedIn(row);
  }

  /**
   * Gives the account `name` a role. Organisers and admins are people with a password: a guest
   * or a bot gets BAD_ROLE; an unknown name NO_ACCOUNT.
   */
  async setRole(name: string, role: Role): Promise<PublicAccount> {
    await this.ready;
    if (!ROLES.includes(role)) throw new AccountError('BAD_ROLE', `a role is one of ${ROLES.join(', ')}`);
    const row = await this.db.selectFrom('accounts').selectAll().where('name_key', '=', key(cleanSafe(name))).executeTakeFirst();
    if (!row) throw new AccountError('NO_ACCOUNT', 'no such account');
    if (role !== 'player' && (row.hash === null || row.owner !== null)) throw new AccountError('BAD_ROLE', 'only a registered person (not a guest or a bot) can be an organiser or an admin');
    await this.db.updateTable('accounts').set({ role }).where('id', '=', row.id).execute();
    return view({ ...row, role });
  }

  /** Ends every session of `id` issued until now. */
  async logout(id: string): Promise<void> {
    await this.ready;
    await this.db
      .updateTable('accounts')
      .set((eb) => ({ session_gen: eb('session_gen', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** The account of a session issued since its account's last logout (and, for a bot's, whose API key is not revoked), or null. */
  async ofSession(s: { sub: string; gen: number; key?: string }): Promise<PublicAccount | null> {
    const row = await this.byId(s.sub);
    if (!row || row.session_gen !== s.gen) return null;
    if (s.key !== undefined && !(await this.db.selectFrom('api_keys').select('id').where('id', '=', s.key).where('account_id', '=', s.sub).executeTakeFirst())) return null;
    return view(row);
  }

  async close(): Promise<void> {
    await this.ready.catch(() => {});
    await this.db.destroy();
  }

  async byId(id: string): Promise<Row | undefined> {
    await this.ready;
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Row): Promise<void> {
    await this.ready;
    try {
      await this.db.insertInto('accounts').values(row).execute();
    } catch (e) {
      throw taken(e);
    }
  }
}

export function checkName(name: string): string {
  let clean: string;
  try {
    clean = cleanName(name, NAME_MAX);
  } catch (e) {
    throw new AccountError('BAD_NAME', `name ${(e as Error).message}`);
  }
  // `guest-…` names are the guests' own.
  if (/^guest-/i.test(clean)) throw new AccountError('BAD_NAME', 'names starting with guest- are reserved');
  return clean;
}

/** A new account's row: a player with no sessions yet; a guest unless it has a password or an owner (a bot). */
export function newRow(name: string, o: { id?: string; hash?: string; owner?: string }): Row {
  return { id: o.id ?? randomUUID(), name, name_key: key(name), hash: o.hash ?? null, role: 'player', created: Date.now(), session_gen: 0, owner: o.owner ?? null };
}

/** Names are unique ignoring case (and after cleaning). */
export const key = (name: string): string => name.normalize('NFKC').toLowerCase();

export const cleanSafe = (name: string): string => {
  try {
    return cleanName(name, NAME_MAX);
  } catch {
    return '';
  }
};

const taken = (e: unknown): Error => (isUniqueViolation(e) ? new AccountError('NAME_TAKEN', 'that name is taken') : (e as Error));

export const signedIn = (r: Row, key?: string): SignedIn => ({ account: view(r), gen: r.session_gen, ...(key !== undefined ? { key } : {}) });

export const view = (r: Row): PublicAccount => ({ id: r.id, name: r.name, role: r.role as Role, guest: r.hash === null && r.owner === null, bot: r.owner !== null, created: new Date(Number(r.created)).toISOString() });
