/**
 * Accounts and bot keys as the server's HTTP answers show them (`GET /api/me`, `/api/bots/…/keys`):
 * the one definition the server answers with and the client SDK reads.
 */

export type Role = 'player' | 'organiser' | 'admin';

/** An account as the server shows it: never its password hash. */
export interface Account {
  id: string;
  name: string;
  role: Role;
  /** A guest: no name or password yet (`register` turns it into an account, keeping its id). */
  guest: boolean;
  /** A bot account: it logs in with an API key (`loginWithKey`), and its owner manages its keys. */
  bot: boolean;
  created: string;
}

/** A bot's API key as lists show it: never the key itself or its hash. */
export interface ApiKeyInfo {
  id: string;
  /** The key's first characters (`jtk_` and 6 more), to tell keys apart. */
  prefix: string;
  created: string;
  lastUsed: string | null;
}
