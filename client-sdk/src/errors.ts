/**
 * Why the server (or the connection) refused something. Action rejections carry the server's
 * code (BAD_COMMAND, NOT_YOUR_TURN, TILE_NOT_IN_HAND, …) and, when a `prevent` ruleset refused
 * a fault, the rule ID. The SDK adds its own codes: DISCONNECTED (the socket closed before the
 * answer), TIMEOUT, LEFT (the table was left), MATCHMAKE (a create/join was refused; `status`
 * holds the server's number), SERVER_FULL (a `ServerFullError`).
 */
export class JantakuError extends Error {
  readonly code: string;
  readonly reason: string;
  readonly rule?: string;
  readonly status?: number;

  constructor(code: string, reason: string, extra: { rule?: string; status?: number } = {}) {
    super(`${code}: ${reason}${extra.rule ? ` (${extra.rule})` : ''}`);
    this.name = 'JantakuError';
    this.code = code;
    this.reason = reason;
    if (extra.rule !== undefined) this.rule = extra.rule;
    if (extra.status !== undefined) this.status = extra.status;
  }
}

/**
 * The server is at capacity (HTTP 503 or a refused join, `SERVER_FULL`): no new table or seat
 * there now. Its running tables play on: try again later, or another server.
 */
export class ServerFullError extends JantakuError {
  constructor(reason: string) {
    super('SERVER_FULL', reason, { status: 503 });
    this.name = 'ServerFullError';
  }
}

/** Turns whatever @colyseus/sdk rejected with into a JantakuError. */
export function toJantakuError(e: unknown): JantakuError {
  if (e instanceof JantakuError) return e;
  const err = e as { name?: string; message?: string; reason?: unknown; code?: unknown };
  // A deliberate `ctx.reject(payload)` of the server: the payload is `{ code, reason, rule? }`.
  if (err?.name === 'rejected' && err.reason && typeof err.reason === 'object') {
    const r = err.reason as { code?: unknown; reason?: unknown; rule?: unknown };
    return new JantakuError(String(r.code ?? 'REJECTED'), String(r.reason ?? ''), typeof r.rule === 'string' ? { rule: r.rule } : {});
  }
  const message = String(err?.message ?? e);
  const full = /\bSERVER_FULL: (.*)$/s.exec(message);
  if (full) return new ServerFullError(full[1]);
  if (err?.name === 'MatchMakeError' || err?.name === 'ServerError') {
    return new JantakuError('MATCHMAKE', message, typeof err.code === 'number' ? { status: err.code } : {});
  }
  if (/timed out/.test(message)) return new JantakuError('TIMEOUT', message);
  if (/connection (is not open|closed)/.test(message)) return new JantakuError('DISCONNECTED', message);
  return new JantakuError('ERROR', message);
}
