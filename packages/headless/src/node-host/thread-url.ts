/**
 * Where one of the index build's worker threads is: from source, its .ts file beside this one;
 * built, the bundle scripts/build-headless.ts writes beside cli.mjs, which this file is part of.
 */
export function threadUrl(name: string): URL {
  return new URL(
    import.meta.url.endsWith('.ts') ? `./${name}.ts` : `./${name}.mjs`,
    import.meta.url,
  );
}
