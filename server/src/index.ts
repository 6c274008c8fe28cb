import { defineRoom, defineServer, type Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { pathToFileURL } from 'node:url';
import { TableRoom } from './rooms/TableRoom';

export { TableRoom } from './rooms/TableRoom';

/** Builds the server: one room type, `table`. No persistence yet (issue 4, later slices). */
export function createServer(opts: { greet?: boolean; gracefullyShutdown?: boolean; room?: typeof TableRoom } = {}): Server {
  return defineServer({
    rooms: { table: defineRoom(opts.room ?? TableRoom) },
    transport: new WebSocketTransport(),
    greet: opts.greet ?? false,
    gracefullyShutdown: opts.gracefullyShutdown ?? true,
  });
}

/** Starts the server on `port` (env PORT, default 2567). */
export async function start(port = Number(process.env.PORT ?? 2567)): Promise<Server> {
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid PORT: ${process.env.PORT}`);
  const server = createServer();
  await server.listen(port);
  console.log(`jantaku listening on ws://localhost:${port}`);
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  start().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
