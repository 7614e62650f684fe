import { join } from 'node:path';

/**
 * A leading `~` as the home folder. Client configs pass arguments without a shell, so
 * `--vault ~/Notes` arrives as written; the CLI and the doctor read it as a shell would.
 */
export function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/') || path.startsWith('~\\')) return join(home, path.slice(2));
  return path;
}
