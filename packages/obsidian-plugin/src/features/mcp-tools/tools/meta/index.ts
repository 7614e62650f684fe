import { activateTool, activateTools } from './activate-tools.ts';
import { toolCatalog } from './tool-catalog.ts';

/** Always listed for every token: how a client with a small surface finds and enables the rest. */
export const metaTools = [toolCatalog, activateTool, activateTools];
