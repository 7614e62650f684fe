import { parseOrExit } from './usage.ts';
import { bannerFor, serveVault, type HeadlessServer } from '../serve.ts';

export async function runServe(args: string[]): Promise<void> {
  const values = parseOrExit(args, {
    vault: { type: 'string' },
    port: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (values.vault === undefined) throw new Error('--vault DIR is required.');
  const port = values.port === undefined ? undefined : parsePort(values.port);
  const server = await serveVault({ vault: values.vault, port });
  announce(server, values.json === true);
  stopOnSignals(server);
}

export function announce(server: HeadlessServer, json: boolean): void {
  if (json) {
    const line = {
      url: server.url,
      token: server.defaultToken?.secret ?? null,
      vault: server.host.vaultName,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } else {
    console.log(bannerFor(server));
  }
}

const FORCED_EXIT_MS = 3000;

export function stopOnSignals(
  server: HeadlessServer,
  cleanup: () => Promise<void> = async () => undefined,
): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // A graceful close waits for open requests; the process ends within seconds regardless.
    setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
    server
      .close()
      .then(cleanup)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0-65535 (0: any free port), got "${text}".`);
  return port;
}
