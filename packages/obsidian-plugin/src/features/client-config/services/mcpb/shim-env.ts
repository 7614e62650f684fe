import { BUNDLE_ENV } from '../../shim/bundle-env.ts';
import type { BundleTarget } from './bundle-target.ts';

/** The environment a shim needs to find its vault and token (never a secret). */
export function shimEnvFor(target: BundleTarget): Record<string, string> {
  return {
    [BUNDLE_ENV.vault]: target.vaultPath,
    [BUNDLE_ENV.configDir]: target.configDir,
    [BUNDLE_ENV.pluginId]: target.pluginId,
    [BUNDLE_ENV.tokenId]: target.tokenId,
  };
}
