/**
 * The embedding Web Worker's bundled source (features/semantic-search/worker/web-embedder-entry.ts),
 * which scripts/build-plugin.ts builds first and provides to main.ts under this name.
 */
declare module 'virtual:embedding-worker' {
  const source: string;
  export default source;
}
