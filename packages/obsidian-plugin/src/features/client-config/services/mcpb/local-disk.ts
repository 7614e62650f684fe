/**
 * Whether a vault lies on a local disk, which makes the .mcpb fallback (a second writer besides
 * Obsidian) the default when exporting. A network share is not: two machines' servers writing
 * one share is what the fallback must not invite. Known network file systems are recognised on
 * Linux by statfs's type (NFS, SMB/CIFS, AFS, Coda, 9P, VirtualBox shares) and on Windows by a
 * UNC path; anything else counts as local (macOS's statfs type numbers are not stable).
 */
import { statfs } from 'node:fs/promises';

const NETWORK_FILE_SYSTEMS = new Set([
  0x6969, // NFS
  0x517b, // SMB
  0xff534d42, // CIFS
  0xfe534d42, // SMB2
  0x5346414f, // AFS
  0x73757245, // Coda
  0x01021997, // 9P (also WSL's Windows drives)
  0x786f4256, // VirtualBox shared folders
]);

export async function isOnLocalDisk(path: string, platform = process.platform): Promise<boolean> {
  if (platform === 'win32') return !/^(\\\\|\/\/)/.test(path);
  if (platform !== 'linux') return true;
  const found = await statfs(path).catch(() => null);
  return found === null || !NETWORK_FILE_SYSTEMS.has(found.type);
}
