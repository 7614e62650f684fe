/**
 * Names derived from the vault: the key a client lists the server under (`obsidian-my-notes`)
 * and slugs for bundle and file names. Lowercase ASCII letters, digits and hyphens only, so they
 * are valid in every client's config and in a shell command without quoting.
 */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
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
