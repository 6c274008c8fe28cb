import { WebSocketTransport } from '@colyseus/ws-transport';
import type { WebSocket } from 'ws';

/** How often a share of the clients is pinged (ms). */
export const PING_SLICE_MS = 100;

type PingedClient = WebSocket & { pingCount: number };

/**
 * Colyseus's websocket transport with its heartbeat spread out (issue 18). Colyseus pings every
 * client in one timer callback: at 2,000 tables that is 8,000 pings, each a write, holding the
 * event loop for a hundred milliseconds every `pingInterval`, in the middle of the tables' turns.
 * Here every PING_SLICE_MS a share of the clients is pinged, so that each still is once an
 * interval, and a client that missed `pingMaxRetries` pongs is closed, as Colyseus does.
 */
export class SpreadPingTransport extends WebSocketTransport {
  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    const slices = Math.max(1, Math.round(pingInterval / PING_SLICE_MS));
    // The round under way: the clients as they were when it began, pinged a share at a time.
    let round: Iterator<WebSocket> | null = null;
    let share = 0;
    this.pingInterval = setInterval(
      () => {
        if (!round) {
          round = this.wss.clients.values();
          share = Math.ceil(this.wss.clients.size / slices);
        }
        for (let i = 0; i < share; i++) {
          const next = round.next();
          if (next.done) {
            round = null;
            return;
          }
          const client = next.value as PingedClient;
          if (client.pingCount >= pingMaxRetries) {
            client.terminate();
            continue;
          }
          client.pingCount++;
          client.ping(noop);
        }
      },
      Math.min(PING_SLICE_MS, pingInterval),
    );
  }
}

function noop(): void {}
