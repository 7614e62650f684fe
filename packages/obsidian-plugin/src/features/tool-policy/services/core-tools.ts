/**
 * The core profile: the tools a chat client gets without asking, chosen so that one can read,
 * find and write notes and keep a daily note. Everything else is one activate_tool away.
 */
export const CORE_TOOLS: readonly string[] = [
  'get_server_info',
  'get_active_file',
  'update_active_file',
  'append_to_active_file',
  'get_vault_file',
  'list_vault_files',
  'create_vault_file',
  'search_vault',
  'search_vault_simple',
  'list_tags',
  'get_note_property',
  'set_note_property',
  'get_or_create_daily_note',
];

/** Calls after which adaptive loading promotes a tool for every adaptive client. */
export const PROMOTION_THRESHOLD = 3;
