import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Session tokens: `base64url(JSON payload).base64url(HMAC-SHA256)`, signed with the server's
 * secret (env JANTAKU_SECRET; several processes serving one site must share it). Stateless, so
 * any process checks them in `onAuth` without a store round trip; `exp` bounds a stolen token.
 */
export interface Session {
  /** The account's id. */
  sub: string;
  name: string;
  guest: boolean;
  /** The account's session generation when issued: a logout moves it on, ending older sessions. */
  gen: number;
  /** Expiry, ms since the epoch. */
  exp: number;
  /** A bot's session: the id of the API key it was exchanged for (revoking the key ends it). */
  key?: string;
}

export const SESSION_MS = 7 * 24 * 3600 * 1000;

export class Sessions {
  private readonly key: Buffer;
  constructor(secret: string = process.env.JANTAKU_SECRET ?? randomBytes(32).toString('hex')) {
    this.key = Buffer.from(secret);
  }

  sign(s: Omit<Session, 'exp'>, now = Date.now(), ttl = SESSION_MS): string {
    const body = Buffer.from(JSON.stringify({ ...s, exp: now + ttl })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The session a token carries, or null: malformed, forged or expired. */
  verify(token: unknown, now = Date.now()): Session | null {
    if (typeof token !== 'string' || token.length > 2048) return null;
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    try {
      const s = JSON.parse(Buffer.from(body, 'base64url').toString()) as Session;
      if (typeof s.sub !== 'string' || typeof s.name !== 'string' || !Number.isInteger(s.gen) || typeof s.exp !== 'number' || s.exp <= now) return null;
      if (s.key !== undefined && typeof s.key !== 'string') return null;
      return { sub: s.sub, name: s.name, guest: s.guest === true, gen: s.gen, exp: s.exp, ...(s.key !== undefined ? { key: s.key } : {}) };
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
