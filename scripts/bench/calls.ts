/**
 * Timed MCP calls shared by the server benchmarks: sequential latency samples of one call, and
 * the throughput of several clients calling at once, each through the official MCP client on a
 * chosen protocol line.
 */
import type { Client } from '@modelcontextprotocol/client';
import {
  connectMcpClient,
  type ProtocolLine,
} from '../../packages/headless/src/test-support/mcp-test-server.ts';

/** A benchmark client on one protocol line (the legacy handshake unless told otherwise). */
export function connectClient(
  url: string,
  token: string,
  line: ProtocolLine = 'legacy',
): Promise<Client> {
  return connectMcpClient(new URL(url), token, line);
}

export interface Call {
  name: string;
  args: Record<string, unknown>;
}

/** `calls` latency samples in ms after `warmUp` untimed calls; a failed call throws. */
export async function timeCalls(
  client: Client,
  call: Call,
  calls: number,
  warmUp: number,
): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await client.callTool({ name: call.name, arguments: call.args });
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    const result = await client.callTool({ name: call.name, arguments: call.args });
    samples.push(performance.now() - start);
    if (result.isError === true)
      throw new Error(`${call.name} failed: ${JSON.stringify(result.content)}`);
  }
  return samples;
}

export interface Throughput {
  callsPerSecond: number;
  calls: number;
  /** Every call's latency in ms, all clients together. */
  samples: number[];
}

/** `clients` clients on `line`, each calling in a loop for `seconds`. */
export async function throughput(
  url: string,
  token: string,
  call: Call,
  options: { clients: number; seconds: number; line?: 'legacy' | 'modern' },
): Promise<Throughput> {
  const clients = await Promise.all(
    Array.from({ length: options.clients }, () => connectClient(url, token, options.line)),
  );
  const deadline = performance.now() + options.seconds * 1000;
  const samples: number[] = [];
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const start = performance.now();
        await client.callTool({ name: call.name, arguments: call.args });
        samples.push(performance.now() - start);
      }
      await client.close();
    }),
  );
  return { callsPerSecond: samples.length / options.seconds, calls: samples.length, samples };
}
