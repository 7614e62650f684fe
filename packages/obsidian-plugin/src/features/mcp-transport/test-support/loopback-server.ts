/** Test support: node:http servers on 127.0.0.1, port 0, closed together after each test. */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const servers: Server[] = [];

/** Starts a server with `listener` and resolves with its port. */
export async function serveOnLoopback(listener: RequestListener): Promise<number> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Closes every server started so far, open connections included (an `afterEach`). */
export async function closeLoopbackServers(): Promise<void> {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
}
