import type { IncomingMessage } from 'node:http';

/** The headers through which a proxy tells the client's address, in the order Colyseus reads them (before the peer address). */
const PROXY_HEADERS = ['x-real-ip', 'x-forwarded-for', 'x-client-ip'];

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is `1.2.3.4`. */
export const plainAddress = (a: string): string => (a.startsWith('::ffff:') && a.includes('.') ? a.slice(7) : a);

/**
 * Fixes the address Colyseus gives a request (`AuthContext.ip`, read from X-Real-IP,
 * X-Forwarded-For or X-Client-IP before the peer address): unless proxies are trusted, those
 * headers are dropped and X-Real-IP is set to the peer address, so a client cannot choose the
 * address its limits and checks are counted under. Applied to every HTTP request and upgrade.
 */
export function pinAddress(req: IncomingMessage, trustProxy: boolean): void {
  if (trustProxy) return;
  for (const h of PROXY_HEADERS) delete req.headers[h];
  const peer = req.socket.remoteAddress;
  if (peer) req.headers['x-real-ip'] = plainAddress(peer);
}

/**
 * The client's address of an HTTP route's request, read as Colyseus reads a room's
 * (`AuthContext.ip`): the first hop of X-Real-IP, X-Forwarded-For or X-Client-IP. Without a
 * trusted proxy X-Real-IP is always the pinned peer address (`pinAddress`).
 */
export function requestAddress(headers: Headers): string {
  for (const h of PROXY_HEADERS) {
    const first = headers.get(h)?.split(',')[0].trim();
    if (first) return plainAddress(first);
  }
  return 'unknown';
}
