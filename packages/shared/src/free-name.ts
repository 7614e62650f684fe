import { access } from 'node:fs/promises';
import { extname, join } from 'node:path';

/**
 * A path in `folder` for an entry called `name` that nothing holds yet: `name` itself, else
 * `<stem> 2<ext>`, `<stem> 3<ext>`, ... (how both hosts' trash folders keep same-named files).
 */
export async function freePathIn(folder: string, name: string): Promise<string> {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let attempt = 1; ; attempt++) {
    const candidate = join(folder, attempt === 1 ? name : `${stem} ${attempt}${extension}`);
    if (!(await pathExists(candidate))) return candidate;
  }
}

/** Whether anything (file, folder, link) is at `path`. */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
