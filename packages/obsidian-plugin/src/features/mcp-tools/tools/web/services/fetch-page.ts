/**
 * A GET that follows redirects by hand (at most 5), checking every hop's URL and addresses
 * before connecting to it, within one overall deadline and one body limit. A redirect to a
 * private address is refused exactly like a first URL pointing there.
 */
import { ToolError } from '@mcp-connector/shared';
import { clearTimeout, setTimeout } from 'node:timers';
import { requestPinned, type HopResponse } from './pinned-request.ts';
import { pinTarget, systemResolution, type AddressResolution } from './safe-target.ts';

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 20_000,
  maxRedirects: 5,
};

export interface FetchedPage extends HopResponse {
  /** The URL the body came from, after redirects. */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function fetchPage(
  url: URL,
  limits: FetchLimits = DEFAULT_FETCH_LIMITS,
  resolution: AddressResolution = systemResolution,
): Promise<FetchedPage> {
  const deadline = Date.now() + limits.timeoutMs;
  let current = url;
  for (let hop = 0; hop <= limits.maxRedirects; hop++) {
    const target = await beforeDeadline(pinTarget(current, resolution), deadline, current);
    const response = await requestPinned(target, { maxBytes: limits.maxBytes, deadline });
    if (REDIRECTS.has(response.status) && response.location !== null) {
      current = nextUrl(response.location, current);
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      throw new ToolError('fetch_failed', `${current.href} answered HTTP ${response.status}.`, {
        url: current.href,
        status: response.status,
      });
    }
    return { ...response, url: current.href };
  }
  throw new ToolError(
    'fetch_failed',
    `${url.href} redirected more than ${limits.maxRedirects} times.`,
    { url: url.href, lastUrl: current.href },
  );
}

function nextUrl(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new ToolError('fetch_failed', `${base.href} redirected to an invalid URL.`, {
      url: base.href,
      location,
    });
  }
}

/** DNS has no deadline of its own; a hung lookup must not outlive the fetch. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number, url: URL): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ToolError('fetch_failed', `${url.host} did not resolve in time.`, { url: url.href }),
        ),
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
