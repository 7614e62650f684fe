/**
 * Tools a client activated without persisting: remembered per token in memory until the server
 * stops (the endpoint is stateless, so a token is the only identity a client has).
 */
export class Activations {
  private readonly byToken = new Map<string, Set<string>>();
  /** Goes up on every change, so a scope resolved from these activations knows it is stale. */
  version = 0;

  of(tokenId: string): ReadonlySet<string> {
    return this.byToken.get(tokenId) ?? new Set();
  }

  add(tokenId: string, names: readonly string[]): void {
    let set = this.byToken.get(tokenId);
    if (set === undefined) this.byToken.set(tokenId, (set = new Set()));
    for (const name of names) set.add(name);
    this.version++;
  }

  keepOnly(tokenIds: readonly string[]): void {
    const keep = new Set(tokenIds);
    for (const tokenId of this.byToken.keys()) if (!keep.has(tokenId)) this.byToken.delete(tokenId);
    this.version++;
  }
}
