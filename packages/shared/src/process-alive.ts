/**
 * Whether a process runs with this id: EPERM means it does, as someone else; only ESRCH means it
 * is gone. Its own module, so the stdio shim's bundle takes nothing else.
 */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
