import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchMaker } from '@colyseus/core';
import { pinAddress } from './address';
import { refuseBody } from './bodyLimit';
import { DEFAULT_LIMITS, type Limits } from './limits';

/**
 * Serves the built web client (`web/dist`, made by `npm run build:web`; `npm start` builds it
 * when missing or stale) at `/`: files with their content types, hashed assets cached for good,
 * and page paths answered with `index.html` (the app routes in the browser). Nothing comes from
 * a CDN.
 *
 * The files are served from the HTTP server itself, before the Colyseus router: the router's
 * Node adapter (@colyseus/better-call 1.3.3 `setResponse`) never ends a response whose body
 * needs more than one socket write (over ~16 kB), so the app's script would hang there.
 */

/** web/dist beside this checkout's server/ folder. */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Paths that belong to the server (its router), never to the app. */
const SERVER_PATHS = /^\/(api|matchmake|health|metrics|__)/;

/** The file under `root` for a URL path, or null when it would leave `root`. */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = resolve(root, '.' + normalize('/' + decoded));
  return file === root || file.startsWith(root + sep) ? file : null;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** What a GET of `urlPath` is in the app: a file to send, the app's page, or not the app's (null). */
export function resolveWeb(root: string, urlPath: string, acceptsHtml: boolean): { file: string; type: string; cache: string; status: number } | null {
  if (SERVER_PATHS.test(urlPath)) return null;
  const index = join(root, 'index.html');
  const page = { file: index, type: TYPES['.html'], cache: 'no-cache', status: 200 };
  if (urlPath === '/' || urlPath === '/index.html') return existsSync(index) ? page : { ...page, file: '', status: 503 };
  const file = fileFor(root, urlPath);
  if (file && isFile(file)) {
    // Vite names assets by their content hash: they never change.
    const cache = urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    return { file, type: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream', cache, status: 200 };
  }
  // Any other page path is the app's (it routes in the browser); a missing file is not.
  if (!extname(urlPath) && acceptsHtml && existsSync(index)) return page;
  return null;
}

/** Answers the request from the app if it is the app's; false: leave it to the router. */
export function serveWeb(root: string, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '/').split('?')[0];
  const hit = resolveWeb(root, path, (req.headers.accept ?? '').includes('text/html'));
  if (!hit) return false;
  if (hit.status === 503) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The web client is not built: run `npm run build:web` (npm start builds it when web/dist is missing).\n');
    return true;
  }
  res.writeHead(200, { 'content-type': hit.type, 'cache-control': hit.cache, 'content-length': statSync(hit.file).size, 'x-content-type-options': 'nosniff' });
  if (req.method === 'HEAD') res.end();
  else createReadStream(hit.file).on('error', () => res.destroy()).pipe(res);
  return true;
}

/**
 * The router's adapter ends a response only when a write returned true (see the note at the top):
 * a body over the socket's buffer would never end. Our routes answer with one chunk, which Node
 * buffers whole, so reporting every write as accepted lets the adapter end it.
 */
function endsWhole(res: ServerResponse): void {
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  res.write = ((...a: unknown[]) => {
    write(...a);
    return true;
  }) as ServerResponse['write'];
}

export interface WebServerOptions {
  /** Why a new table would be refused now (SERVER_FULL), or null (capacity.ts `tableRefusal`). */
  refuseTable?: () => string | null;
}

const CREATE_TABLE = /^\/matchmake\/create\/table(?:\?|$)/;

/**
 * A new table at a full server is refused here, before the matchmaker: the same answer it would
 * give (503, `{ code, error }` with its CORS headers), without the router, a room or an error's
 * stack, so that a crowd knocking at a full server leaves the running tables' latency alone.
 */
function refuseCreate(req: IncomingMessage, res: ServerResponse, refuseTable: () => string | null): boolean {
  if (req.method !== 'POST' || !CREATE_TABLE.test(req.url ?? '')) return false;
  const reason = refuseTable();
  if (reason === null) return false;
  req.resume();
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  const cors = { ...matchMaker.controller.DEFAULT_CORS_HEADERS, ...matchMaker.controller.getCorsHeaders(headers) };
  const body = JSON.stringify({ code: 503, error: reason });
  res.writeHead(503, { ...cors, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
  return true;
}

/**
 * The HTTP server for the WebSocket transport (`new WebSocketTransport({ server: webServer() })`):
 * every request and upgrade gets its client address pinned (address.ts), bodies over
 * `maxBodyBytes` are refused (bodyLimit.ts), requests for the app are answered here; every other
 * request (and every upgrade) goes on to Colyseus as usual.
 */
export function webServer(root: string = WEB_DIST, limits: Pick<Limits, 'maxBodyBytes' | 'trustProxy'> = DEFAULT_LIMITS, options: WebServerOptions = {}): Server {
  const server = createServer();
  const emit = server.emit.bind(server) as (event: string, ...args: unknown[]) => boolean;
  server.emit = ((event: string, ...args: unknown[]) => {
    if (event === 'request' || event === 'upgrade') pinAddress(args[0] as IncomingMessage, limits.trustProxy);
    if (event === 'request') {
      if (refuseBody(args[0] as IncomingMessage, args[1] as ServerResponse, limits.maxBodyBytes)) return true;
      if (options.refuseTable && refuseCreate(args[0] as IncomingMessage, args[1] as ServerResponse, options.refuseTable)) return true;
      if (serveWeb(root, args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
      endsWhole(args[1] as ServerResponse);
    }
    return emit(event, ...args);
  }) as Server['emit'];
  return server;
}
