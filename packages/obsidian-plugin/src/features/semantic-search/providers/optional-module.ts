/**
 * Loads a heavy library (transformers.js, EnergeticAI) only when a provider first needs it. The
 * specifier goes through a variable so the plugin bundler leaves it out of main.js: those
 * libraries bring native addons and model files that cannot live in one bundled file. Inside
 * Obsidian the import therefore fails, and the provider reports itself unavailable.
 */
import { ProviderUnavailableError } from './embedding-provider.ts';

export type ModuleLoader = (specifier: string) => Promise<unknown>;

const importAtRunTime: ModuleLoader = (specifier) =>
  // eslint-disable-next-line no-unsanitized/method -- specifiers are this feature's own constants
  import(specifier);

export async function loadOptionalModule<T>(
  specifier: string,
  purpose: string,
  loader: ModuleLoader = importAtRunTime,
): Promise<T> {
  try {
    return (await loader(specifier)) as T;
  } catch (error) {
    // The loader's own message names the importing file's absolute path: it stays out.
    const reason = isModuleNotFound(error) ? 'it is not installed' : 'it failed to load';
    throw new ProviderUnavailableError(
      `${purpose} needs the ${specifier} package, which this build cannot load (${reason}); install it beside the server, or choose another semantic provider.`,
    );
  }
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return true;
  return error instanceof Error && /cannot find (module|package)/i.test(error.message);
}
