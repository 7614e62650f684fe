/**
 * The server's name in clients that list several servers (`claude mcp add <name>`, the key of
 * an mcpServers entry). By default it comes from the vault's name, so two vaults never both
 * appear as "obsidian"; a chosen name is letters, digits, "-" and "_" (what every client
 * accepts as a key and on a command line without quoting). Pure: components use it too.
 */
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function derivedServerName(vaultName: string): string {
  const slug = vaultName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return slug === '' ? 'obsidian' : `obsidian-${slug}`;
}

/** The name to use: the chosen one when it is valid, else the derived one. */
export function serverNameFor(chosen: string | null, vaultName: string): string {
  return chosen !== null && NAME.test(chosen) ? chosen : derivedServerName(vaultName);
}

/** A name typed by the user: null (blank = derived) or a valid name; throws naming the rule. */
export function checkServerName(input: string): string | null {
  const name = input.trim();
  if (name === '') return null;
  if (!NAME.test(name))
    throw new Error(
      'A server name is 1-64 letters, digits, "-" or "_" (no spaces); leave it blank to use the vault\'s name.',
    );
  return name;
}
