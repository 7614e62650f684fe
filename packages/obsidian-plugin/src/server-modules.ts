/**
 * What main.js loads on layout-ready, in one go (ADR-0022): ArkType's configuration first, then
 * the settings store and the connector, which bring ArkType itself. Configuring ArkType
 * registers its global (`$ark`) and the keywords only exist once ArkType has loaded; in one
 * synchronous step no other plugin's ArkType can find that global without them.
 */
import './arktype-config.ts';

export { startConnector } from './connector.ts';
export { SettingsStore } from './features/settings/index.ts';
