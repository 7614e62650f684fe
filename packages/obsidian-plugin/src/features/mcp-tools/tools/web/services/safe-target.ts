/**
 * Where one fetch hop may connect: the URL's scheme must be http or https, and its host (an IP
 * literal, or every address DNS gives for the name) must pass the address policy. The result pins
 * the checked address, and the request connects to exactly that address (see pinned-request.ts),
 * so a DNS answer that changes between check and connect (rebinding) cannot redirect it.
 */
import { ToolError } from '@mcp-connector/shared';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedRangeOf } from './address-policy.ts';
import { testHostRoute } from './test-hosts.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface PinnedTarget {
  url: URL;
  /** The host name as written (no IPv6 brackets): Host header, TLS name. */
  hostname: string;
  address: string;
  family: number;
}

/** How names become addresses; tests inject their own. */
export interface AddressResolution {
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  blockedRange(address: string): string | null;
}

export const systemResolution: AddressResolution = {
  resolve: (hostname) => lookup(hostname, { all: true, verbatim: true }),
  blockedRange: blockedRangeOf,
};

export async function pinTarget(url: URL, resolution: AddressResolution): Promise<PinnedTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolError(
      'fetch_blocked',
      `Only http and https URLs can be fetched, not ${url.protocol}`,
      {
        url: url.href,
      },
    );
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const routed = testHostRoute(hostname);
  if (routed !== undefined) return { url, hostname, address: routed, family: isIP(routed) };
  const addresses =
    isIP(hostname) !== 0
      ? [{ address: hostname, family: isIP(hostname) }]
      : await resolveName(url, hostname, resolution);
  for (const { address } of addresses) {
    const range = resolution.blockedRange(address);
    if (range !== null) {
      throw new ToolError(
        'fetch_blocked',
        `${url.host} is not fetched: it resolves to ${address}, a ${range} address; only public hosts can be fetched.`,
        { url: url.href, address, range },
      );
    }
  }
  const [first] = addresses as [ResolvedAddress];
  return { url, hostname, address: first.address, family: first.family };
}

async function resolveName(
  url: URL,
  hostname: string,
  resolution: AddressResolution,
): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolution.resolve(hostname);
  } catch (error) {
    throw new ToolError(
      'fetch_failed',
      `Could not resolve ${hostname}: ${(error as Error).message}`,
      {
        url: url.href,
      },
    );
  }
  if (addresses.length === 0)
    throw new ToolError('fetch_failed', `${hostname} has no address.`, { url: url.href });
  return addresses;
}
