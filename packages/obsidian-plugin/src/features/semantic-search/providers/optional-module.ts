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
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProviderUnavailableError(
      `${purpose} needs the ${specifier} package, which this build cannot load (${reason}).`,
    );
  }
}
