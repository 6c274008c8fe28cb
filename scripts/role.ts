/**
 * Gives an account a role, on the server's own players store (`npm run role -- <name> <role>`):
 * how the first admin is made. Reads the same settings as `npm start`: JANTAKU_DATA_DIR (its
 * players.sqlite) or DATABASE_URL. Afterwards an admin gives roles over HTTP
 * (`PUT /api/accounts/:name/role`).
 */
import { join } from 'node:path';
import { PLAYERS_FILE } from '../server/src/index';
import { AccountError, Accounts, ROLES, type Role } from '../server/src/players/accounts';

const [name, role] = process.argv.slice(2);
if (!name || !role || !ROLES.includes(role as Role)) {
  console.error(`usage: npm run role -- <account name> <${ROLES.join('|')}>`);
  process.exit(2);
}
const accounts = new Accounts({ path: join(process.env.JANTAKU_DATA_DIR ?? './data', PLAYERS_FILE) });
try {
  const a = await accounts.setRole(name, role as Role);
  console.log(`${a.name} is now ${a.role}`);
} catch (e) {
  console.error(e instanceof AccountError ? `role: ${e.code}: ${e.message}` : e);
  process.exitCode = 1;
} finally {
  await accounts.close();
}
