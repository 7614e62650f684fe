/**
 * Which notes a search may return: inside one of `include` (all when empty) and inside none of
 * `exclude`. Folders are normalised vault folders ('' is the root).
 */
export function folderFilter(
  include: readonly string[],
  exclude: readonly string[],
): (path: string) => boolean {
  const within = (path: string, folder: string) => folder === '' || path.startsWith(`${folder}/`);
  return (path) =>
    (include.length === 0 || include.some((folder) => within(path, folder))) &&
    !exclude.some((folder) => within(path, folder));
}
