/**
 * Test-only routing for fetch: end-to-end tests serve pages on 127.0.0.1, which the address
 * policy refuses. `routeTestHost` maps one name under the reserved `.test` top-level domain
 * (RFC 2606: never a real host) to a local address; fetch then connects there through the same
 * pinned path, skipping the address check for that name only. Empty in production.
 */
const routes = new Map<string, string>();

/** Routes `hostname` (must end in ".test") to `address`; returns the function that undoes it. */
export function routeTestHost(hostname: string, address: string): () => void {
  const name = hostname.toLowerCase();
  if (!name.endsWith('.test'))
    throw new Error(`Only names under .test can be routed in tests, not ${hostname}.`);
  routes.set(name, address);
  return () => routes.delete(name);
}

export function testHostRoute(hostname: string): string | undefined {
  return routes.get(hostname.toLowerCase());
}
