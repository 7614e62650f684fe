/**
 * `serve --background`: the vault's shared server that stdio relays start when none runs
 * (ADR-0047). HTTP on any free loopback port, published in live-server.json like any headless
 * server; it ends by itself when no request came for the idle period, or when another server
 * (Obsidian's plugin) published itself for the vault: relays then find that one at their next
 * request, and a request cut by the stop is tried again there.
 */
import { readLiveServer } from '@mcp-connector/obsidian-plugin/client-config';
import { serveVault, type HeadlessServer, type ServeOptions } from '../serve.ts';
import { IdleWatch } from './idle-watch.ts';

export { DEFAULT_IDLE_EXIT_MS } from './idle-watch.ts';
/** How often the server looks whether another one took the vault over. */
const HANDOVER_POLL_MS = 500;

export interface BackgroundServer {
  server: HeadlessServer;
  /** Resolves, saying why, once the server should stop: idle, or handed over. */
  ended: Promise<string>;
}

export async function serveInBackground(
  options: Pick<ServeOptions, 'vault' | 'semantic' | 'onScanProgress' | 'rebuildCache'> & {
    idleExitMs: number;
  },
): Promise<BackgroundServer> {
  let end: (why: string) => void = () => undefined;
  const ended = new Promise<string>((resolve) => (end = resolve));
  const idle = new IdleWatch(options.idleExitMs, () =>
    end(`no request for ${Math.round(options.idleExitMs / 1000)} s`),
  );
  const server = await serveVault({ ...options, port: 0, onRequest: idle.onRequest }).catch(
    (error: unknown) => {
      idle.stop();
      throw error;
    },
  );
  const liveServer = server.settings.device.liveServer;
  const handover = setInterval(() => {
    void readLiveServer(liveServer).then((live) => {
      if (live !== null && live.pid !== process.pid)
        end(`handed over to the ${live.host} server of process ${live.pid}`);
    });
  }, HANDOVER_POLL_MS);
  void ended.then(() => {
    idle.stop();
    clearInterval(handover);
  });
  return { server, ended };
}
