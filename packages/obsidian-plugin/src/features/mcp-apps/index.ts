/**
 * MCP Apps: the search-results view. A static `ui://` HTML page (built by
 * scripts/apps/build-view.ts into generated/), served as the server's only MCP resource, that
 * search_vault_smart and search_vault_simple name in their tools/list `_meta.ui.resourceUri` and
 * feed through their successful results' `_meta`. See docs/features/mcp-apps.md.
 */
export {
  SEARCH_VIEW_URI,
  appResourcesCapability,
  listAppResources,
  readAppResource,
  registerAppResourceHandlers,
} from './services/app-resources.ts';
export {
  SEARCH_VIEW_META_KEY,
  readSearchViewData,
  searchViewMeta,
  type SearchRow,
  type SearchViewData,
} from './services/search-view-data.ts';
// The page template, for scripts/apps/build-view.ts, which builds generated/ from view/.
export { viewPage, type ViewParts } from './view/page.ts';
