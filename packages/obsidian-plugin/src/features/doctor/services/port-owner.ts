/**
 * Which process listens on a TCP port, when the system says so without special rights: on Linux
 * from /proc (the listening socket's inode in /proc/net/tcp*, then the process whose fd links to
 * it), elsewhere from `lsof` when it is installed. Best effort: null when it cannot tell (another
 * user's process, Windows, no lsof).
 */
import { execFile } from 'node:child_process';
import { readFile, readdir, readlink } from 'node:fs/promises';

export interface PortOwner {
  pid: number;
  name: string;
}

export async function portOwner(port: number): Promise<PortOwner | null> {
  if (process.platform === 'linux') return (await fromProc(port)) ?? fromLsof(port);
  if (process.platform === 'win32') return null;
  return fromLsof(port);
}

const LISTEN = '0A';

async function fromProc(port: number): Promise<PortOwner | null> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1]?.split(':')[1];
      if (local !== undefined && parseInt(local, 16) === port && fields[3] === LISTEN)
        inodes.add(fields[9] ?? '');
    }
  }
  if (inodes.size === 0) return null;
  const pids = (await readdir('/proc').catch(() => [])).filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode !== undefined && inodes.has(inode)) {
        const name = (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '?')).trim();
        return { pid: Number(pid), name };
      }
    }
  }
  return null;
}

function fromLsof(port: number): Promise<PortOwner | null> {
  return new Promise((resolve) => {
    execFile(
      'lsof',
      ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fpc'],
      { timeout: 3000 },
      (error, stdout) => {
        if (error !== null) return resolve(null);
        const pid = /^p(\d+)$/m.exec(stdout)?.[1];
        const name = /^c(.+)$/m.exec(stdout)?.[1];
        resolve(pid === undefined ? null : { pid: Number(pid), name: name ?? '?' });
      },
    );
  });
}
