import { hash, verify } from '@node-rs/argon2';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { cleanName } from '@jantaku/shared/text';

/**
 * Accounts: a unique cleaned name and an argon2id hash of the password (@node-rs/argon2: a
 * prebuilt binary from the npm registry, no install script). Kept in their own SQLite file
 * beside the game store (which is unchanged); nothing here is read by the table room.
 */
export const NAME_MAX = 24;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export type Role = 'player' | 'organiser' | 'admin';

/** An account as HTTP answers show it: never the hash. */
export interface PublicAccount {
  id: string;
  name: string;
  role: Role;
  guest: boolean;
  created: string;
}

interface Row {
  id: string;
  name: string;
  hash: string | null;
  role: Role;
  created: number;
}

export class AccountError extends Error {
  constructor(
    readonly code: 'NAME_TAKEN' | 'BAD_NAME' | 'BAD_LOGIN' | 'NOT_GUEST' | 'NO_ACCOUNT',
    message: string,
  ) {
    super(message);
  }
}

/** A fixed hash to verify against when the name is unknown, so both failures take as long. */
let dummyHash: Promise<string> | null = null;

export class Accounts {
  private readonly db: InstanceType<typeof Database>;
  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    // A guest has a NULL hash and name `guest-…` until it registers.
    this.db.exec(`CREATE TABLE IF NOT EXISTS accounts (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
      hash TEXT, role TEXT NOT NULL DEFAULT 'player', created INTEGER NOT NULL,
      session_gen INTEGER NOT NULL DEFAULT 0)`);
  }

  /** A new account; throws AccountError NAME_TAKEN / BAD_NAME. */
  async register(name: string, password: string): Promise<PublicAccount> {
    const clean = this.checkName(name);
    const h = await hash(password);
    const row: Row = { id: randomUUID(), name: clean, hash: h, role: 'player', created: Date.now() };
    this.insert(row);
    return view(row);
  }

  /** A guest account: plays at once, no password; `claim` turns it into a named account. */
  guest(): PublicAccount {
    const id = randomUUID();
    const row: Row = { id, name: `guest-${id.slice(0, 8)}`, hash: null, role: 'player', created: Date.now() };
    this.insert(row);
    return view(row);
  }

  /** The guest `id` becomes a named account with a password, keeping its id (and so its games). */
  async claim(id: string, name: string, password: string): Promise<PublicAccount> {
    const row = this.byId(id);
    if (!row) throw new AccountError('NO_ACCOUNT', 'no such account');
    if (row.hash !== null) throw new AccountError('NOT_GUEST', 'already an account with a password');
    const clean = this.checkName(name);
    const h = await hash(password);
    try {
      this.db.prepare('UPDATE accounts SET name = ?, name_key = ?, hash = ? WHERE id = ? AND hash IS NULL').run(clean, key(clean), h, id);
    } catch (e) {
      throw taken(e);
    }
    return view({ ...row, name: clean, hash: h });
  }

  /** The account if the password is its own; throws AccountError BAD_LOGIN otherwise (same for an unknown name). */
  async login(name: string, password: string): Promise<PublicAccount> {
    const row = this.db.prepare('SELECT * FROM accounts WHERE name_key = ?').get(key(cleanSafe(name))) as Row | undefined;
    if (!row || row.hash === null) {
      dummyHash ??= hash('not a password of anyone');
      await verify(await dummyHash, password);
      throw new AccountError('BAD_LOGIN', 'wrong name or password');
    }
    if (!(await verify(row.hash, password))) throw new AccountError('BAD_LOGIN', 'wrong name or password');
    return view(row);
  }

  /** Ends every session of `id` issued until now. */
  logout(id: string): void {
    this.db.prepare('UPDATE accounts SET session_gen = session_gen + 1 WHERE id = ?').run(id);
  }

  /** The generation new sessions of `id` carry (-1: no such account). */
  sessionGen(id: string): number {
    const r = this.db.prepare('SELECT session_gen FROM accounts WHERE id = ?').get(id) as { session_gen: number } | undefined;
    return r?.session_gen ?? -1;
  }

  /** The session was issued since its account's last logout. */
  sessionValid(s: { sub: string; gen: number }): boolean {
    return s.gen === this.sessionGen(s.sub);
  }

  get(id: string): PublicAccount | null {
    const row = this.byId(id);
    return row ? view(row) : null;
  }

  close(): void {
    this.db.close();
  }

  private byId(id: string): Row | undefined {
    return this.db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as Row | undefined;
  }

  private insert(row: Row): void {
    try {
      this.db.prepare('INSERT INTO accounts (id, name, name_key, hash, role, created) VALUES (?, ?, ?, ?, ?, ?)').run(row.id, row.name, key(row.name), row.hash, row.role, row.created);
    } catch (e) {
      throw taken(e);
    }
  }

  private checkName(name: string): string {
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
}

/** Names are unique ignoring case (and after cleaning). */
const key = (name: string): string => name.normalize('NFKC').toLowerCase();

const cleanSafe = (name: string): string => {
  try {
    return cleanName(name, NAME_MAX);
  } catch {
    return '';
  }
};

const taken = (e: unknown): Error =>
  (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' ? new AccountError('NAME_TAKEN', 'that name is taken') : (e as Error);

const view = (r: Row): PublicAccount => ({ id: r.id, name: r.name, role: r.role, guest: r.hash === null, created: new Date(r.created).toISOString() });
