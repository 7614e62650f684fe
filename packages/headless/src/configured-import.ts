/**
 * ArkType reads its configuration when it loads (jitless: arktype-config.ts), so every part of
 * the CLI that loads ArkType (the server, the settings, the commands but `serve --stdio`'s relay)
 * is imported through `afterArkTypeConfig`. The CLI is built with code splitting
 * (scripts/build-headless.ts): the relay's process loads its own small modules only (ADR-0054).
 * An `import()` awaited first, not a static import beside the others: the order in which a
 * split bundle evaluates its shared chunks is not the order of a file's import statements.
 */
export async function afterArkTypeConfig<T>(load: () => Promise<T>): Promise<T> {
  await import('@mcp-connector/obsidian-plugin/arktype-config');
  return load();
}
