/**
 * Whether a process runs with this id: EPERM means it does, as someone else; only ESRCH means it
 * is gone. No id below 1 names a process (signal 0 to 0 or -1 asks about a group, which always
 * answers). Its own module, so the stdio shim's bundle takes nothing else.
 */
export function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid < 1) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
