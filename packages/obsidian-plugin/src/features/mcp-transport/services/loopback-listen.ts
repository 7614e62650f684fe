/**
 * Binds the HTTP server to 127.0.0.1: the first free port of 27200-27205, or exactly the port the
 * user fixed, which never falls back to another (a client configured for it would silently miss).
 */
import type { Server } from 'node:http';

export const DEFAULT_PORTS = [27200, 27201, 27202, 27203, 27204, 27205] as const;
export const LOOPBACK = '127.0.0.1';

export class PortUnavailableError extends Error {
  readonly code: 'port_in_use' | 'port_range_exhausted';

  constructor(code: 'port_in_use' | 'port_range_exhausted', message: string) {
    super(message);
    this.name = 'PortUnavailableError';
    this.code = code;
  }
}

/**
 * Listens on `fixedPort`, or on the first free port of `range`, and returns the bound port.
 * A fixed port of 0 asks the system for any free port (tests use this).
 */
export async function listenOnLoopback(
  server: Server,
  fixedPort: number | null,
  range: readonly number[] = DEFAULT_PORTS,
): Promise<number> {
  if (fixedPort !== null) {
    if (await tryListen(server, fixedPort)) return boundPort(server);
    throw new PortUnavailableError(
      'port_in_use',
      `Port ${fixedPort} on ${LOOPBACK} is already in use. Free it, or choose another port in the settings.`,
    );
  }
  for (const port of range) {
    if (await tryListen(server, port)) return boundPort(server);
  }
  throw new PortUnavailableError(
    'port_range_exhausted',
    `Every port of ${range.join(', ')} on ${LOOPBACK} is in use. Set a fixed free port in the settings.`,
  );
}

function boundPort(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The server is not listening on a TCP port.');
  return address.port;
}

function tryListen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, LOOPBACK);
  });
}
