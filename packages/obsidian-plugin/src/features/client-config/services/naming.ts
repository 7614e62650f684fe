/**
 * The server's name in a client (the key of an `mcpServers` entry, the name in `claude mcp add`)
 * and slugs for bundle and file names. One rule for every place that shows or writes it: the
 * settings tab, copy-config, `connect`, the headless banner, the Claude Desktop sync and the
 * .mcpb. A derived name is `obsidian-` and the vault's name as lowercase ASCII letters, digits
 * and hyphens, cut at 40 characters (the cut the Desktop entries and bundles already carry), so
 * it is valid in every client's config and in a shell command without quoting.
 */
const SLUG_LENGTH = 40;

export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_LENGTH)
    .replace(/-+$/, '');
}

/** A server name the user may choose (`transport.serverName`): valid in every client's config. */
export const SERVER_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The name the user chose when it is a valid one, else `obsidian-<vault>` (or `obsidian` when
 * the vault's name has no usable letters).
 */
export function serverNameFor(vaultName: string, chosen: string | null = null): string {
  if (chosen !== null && SERVER_NAME_PATTERN.test(chosen)) return chosen;
  const slug = slugOf(vaultName);
  return slug === '' ? 'obsidian' : `obsidian-${slug}`;
}

/** A name typed by the user: null (blank = derived) or a valid name; throws naming the rule. */
export function checkServerName(input: string): string | null {
  const name = input.trim();
  if (name === '') return null;
  if (!SERVER_NAME_PATTERN.test(name))
    throw new Error(
      'A server name is 1-64 letters, digits, "-" or "_" (no spaces); leave it blank to use the vault\'s name.',
    );
  return name;
}
