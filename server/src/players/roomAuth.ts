import { ServerError } from '@colyseus/core';
import type { ClientAuth } from '../rooms/admission';
import type { Accounts } from './accounts';
import type { Sessions } from './sessions';

/**
 * A table's view of who is asking (called from the room's onAuth): no token, anonymous as
 * before; a token, a verified session of an account that still exists (its id, name and whether
 * it is a guest or a bot: never its password or ratings), or the join refused with 401.
 */
export async function roomAccount(token: unknown, sessions: Sessions, accounts: Accounts): Promise<ClientAuth['account'] | undefined> {
  if (token === undefined || token === null || token === '') return undefined;
  const s = sessions.verify(token);
  const a = s ? await accounts.ofSession(s) : null;
  if (!a) throw new ServerError(401, 'BAD_SESSION: the session token is invalid or expired: log in again');
  return { id: a.id, name: a.name, guest: a.guest, bot: a.bot };
}
