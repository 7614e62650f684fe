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

/** `obsidian-<vault>`, or `obsidian` when the vault's name has no usable letters. */
export function serverNameFor(vaultName: string): string {
  const slug = slugOf(vaultName);
  return slug === '' ? 'obsidian' : `obsidian-${slug}`;
}
