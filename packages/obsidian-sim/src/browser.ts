/**
 * The `obsidian` module of the Chromium harness pages: the simulation's Setting and its
 * components, Menu and setIcon, over the page's own DOM with Obsidian's DOM helpers and global
 * functions installed on it, so the plugin's UI draws with them in a real browser as it does with
 * Obsidian's. The harness's bundler maps `obsidian` here (scripts/ui/page-server.ts).
 */
import { domGlobals, installDomHelpers } from './obsidian/dom-helpers.ts';

installDomHelpers(window);
Object.assign(window, domGlobals(document));

/** The page behaves as the pinned obsidian.d.ts's Obsidian. */
export { requireApiVersion } from './obsidian/version.ts';

export { setIcon } from './obsidian/icon.ts';
export { Menu, MenuItem } from './obsidian/menu.ts';
export {
  BaseComponent,
  ButtonComponent,
  DropdownComponent,
  ExtraButtonComponent,
  Setting,
  TextAreaComponent,
  TextComponent,
  ToggleComponent,
  ValueComponent,
} from './obsidian/setting.ts';
