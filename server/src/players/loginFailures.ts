import { sql } from 'kysely';
import type { Accounts } from './accounts';

/** How far back failed logins are counted. */
export const FAILURE_WINDOW_MS = 60_000;

/**
 * Failed logins of the last minute, in the players store, so that every process serving a site
 * counts the same ones (one process alone would let an attacker spread guesses over them).
 * Only failures are written; the rows older than the window are deleted as new ones come.
 */
export class LoginFailures {
  constructor(private readonly accounts: Accounts) {}

  private get db() {
    return this.accounts.db;
  }

  /** How many failures each key had in the last minute. */
  async counts(keys: string[], now = Date.now()): Promise<Map<string, number>> {
    await this.accounts.ready;
    const rows = await this.db
      .selectFrom('login_failures')
      .select(['key', sql<number>`count(*)`.as('n')])
      .where('key', 'in', keys)
      .where('at', '>', now - FAILURE_WINDOW_MS)
      .groupBy('key')
      .execute();
    return new Map(rows.map((r) => [r.key, Number(r.n)]));
  }

  /** Records a failure against each key (and forgets the ones past the window). */
  async add(keys: string[], now = Date.now()): Promise<void> {
    await this.db.deleteFrom('login_failures').where('at', '<=', now - FAILURE_WINDOW_MS).execute();
    await this.db.insertInto('login_failures').values(keys.map((key) => ({ key, at: now }))).execute();
  }
}
