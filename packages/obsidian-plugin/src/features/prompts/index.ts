/**
 * Prompts: notes tagged `mcp-tools-prompt` directly inside the vault-root `Prompts/` folder,
 * served as MCP prompts (prompts/list, prompts/get) with Templater-style arguments and inlined
 * embeds, and a watcher that announces list changes to 2026-07-28 listen streams.
 * See docs/features/prompts.md for the note format.
 */
export { getPrompt, listPrompts } from './services/prompt-catalog.ts';
export { EMBED_LIMITS } from './services/embed-inliner.ts';
export { PROMPT_TAG, PROMPTS_FOLDER } from './services/prompt-notes.ts';
export { promptsCapability, registerPromptHandlers } from './services/prompt-handlers.ts';
export {
  watchPrompts,
  type PromptWatcher,
  type PromptWatchOptions,
} from './services/prompt-watcher.ts';
