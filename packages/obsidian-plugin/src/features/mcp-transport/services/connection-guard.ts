/**
 * Who may hold a connection. A socket is a stranger until a request on it passes the bearer
 * token check: a stranger gets `headTimeoutMs` to send a complete request head and be checked,
 * then it is closed (the body has its own limit, request-body.ts). Strangers may hold at most
 * `maxStrangers` of the `maxConnections` slots, so the rest stays free for checked callers; when
 * a new connection finds no room, the longest-waiting stranger is closed to make it, and only
 * when every open socket belongs to a checked caller is the new one closed instead. Silent or
 * trickling sockets therefore cannot starve a client that holds a token.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clearTimeout, setTimeout } from 'node:timers';

export interface ConnectionLimits {
  maxConnections: number;
  /** Slots strangers may hold; the rest is kept for sockets whose caller was checked. */
  maxStrangers: number;
  /** How long a new socket has to send a complete request head that passes the token check. */
  headTimeoutMs: number;
}

export interface ConnectionGuard {
  /** A request on this socket passed the token check: it is no stranger any more. */
  admit(socket: Socket): void;
  /** Closes every open socket (the transport's close). */
  destroyAll(): void;
}

export function guardConnections(server: Server, limits: ConnectionLimits): ConnectionGuard {
  const admitted = new Set<Socket>();
  // Insertion order is arrival order: the first stranger is the one that waited longest.
  const strangers = new Map<Socket, NodeJS.Timeout>();
  const forget = (socket: Socket) => {
    clearTimeout(strangers.get(socket));
    strangers.delete(socket);
    admitted.delete(socket);
  };
  const closeLongestWaitingStranger = (): boolean => {
    const oldest = strangers.keys().next();
    if (oldest.done === true) return false;
    forget(oldest.value);
    oldest.value.destroy();
    return true;
  };
  server.on('connection', (socket: Socket) => {
    const full = admitted.size + strangers.size >= limits.maxConnections;
    if ((full || strangers.size >= limits.maxStrangers) && !closeLongestWaitingStranger()) {
      socket.destroy();
      return;
    }
    const timer = setTimeout(() => {
      forget(socket);
      socket.destroy();
    }, limits.headTimeoutMs);
    timer.unref();
    strangers.set(socket, timer);
    socket.once('close', () => forget(socket));
  });
  return {
    admit: (socket) => {
      if (!strangers.has(socket)) return;
      forget(socket);
      admitted.add(socket);
    },
    destroyAll: () => {
      for (const socket of [...strangers.keys(), ...admitted]) socket.destroy();
    },
  };
}
