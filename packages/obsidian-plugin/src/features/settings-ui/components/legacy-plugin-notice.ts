/**
 * The plugin was first released as "MCP Connector" (id LEGACY_PLUGIN_ID, ADR-0035). Obsidian
 * keys a plugin by its id, so a vault can have both enabled: the same server twice, of which the
 * single-server rule lets one serve. On each start with both enabled, a notice that stays says
 * so and what to do: disable the old one (its data.json was already adopted).
 */
import { LEGACY_PLUGIN_ID, PRODUCT_NAMES } from '@mcp-connector/shared/product-names';
import { Notice, type App } from 'obsidian';

/** `app.plugins` and `app.setting`: on `app` at run time, not in obsidian.d.ts. */
interface AppInternals {
  plugins?: { enabledPlugins?: Set<string> };
  setting?: { open?: () => void; openTabById?: (id: string) => unknown };
}

export const LEGACY_PLUGIN_MESSAGE =
  `The old MCP Connector plugin (${LEGACY_PLUGIN_ID}) is also enabled in this vault. ` +
  `${PRODUCT_NAMES.pluginName} is the same plugin under its new name and has taken over its ` +
  'tokens and settings: disable MCP Connector in Settings → Community plugins, then uninstall it.';

/** Shows the notice when the old plugin is enabled beside this one; true when it did. */
export function noticeLegacyPlugin(app: App): boolean {
  const internals = app as App & AppInternals;
  if (internals.plugins?.enabledPlugins?.has(LEGACY_PLUGIN_ID) !== true) return false;
  const setting = internals.setting;
  let notice: Notice | null = null;
  const message = createFragment((fragment) => {
    fragment.createDiv({ text: `${PRODUCT_NAMES.pluginName}: ${LEGACY_PLUGIN_MESSAGE}` });
    if (typeof setting?.open !== 'function' || typeof setting.openTabById !== 'function') return;
    const button = fragment.createEl('button', { cls: 'mod-cta', text: 'Open community plugins' });
    button.addEventListener('click', () => {
      notice?.hide();
      setting.open?.();
      setting.openTabById?.('community-plugins');
    });
  });
  notice = new Notice(message, 0);
  return true;
}
