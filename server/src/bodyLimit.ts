import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The HTTP body cap (issue 14), applied before any route reads a byte: a request whose
 * `content-length` is over `maxBytes` gets 413 at once, and one with a body but no length
 * (chunked) 411, so no body is ever buffered past the cap. The connection is closed after the
 * answer, so the rest of the upload is never read. True when the request was answered here.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, maxBytes: number): boolean {
  const length = req.headers['content-length'];
  let status = 0;
  let reason = '';
  if (length === undefined) {
    if (req.headers['transfer-encoding'] !== undefined) [status, reason] = [411, 'a request body needs a content-length'];
  } else if (!/^\d+$/.test(length) || Number(length) > maxBytes) [status, reason] = [413, `request bodies are at most ${maxBytes} bytes`];
  if (status === 0) return false;
  const body = JSON.stringify({ error: status === 413 ? 'BODY_TOO_LARGE' : 'LENGTH_REQUIRED', reason });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body, () => req.socket.destroy());
  return true;
}
