/**
 * Short texts the settings tab shows: durations, "last seen", a tool's one-line summary, the model
 * download's consent. Pure and free of Node and Obsidian: components import it.
 */
/** A server's uptime: "under a minute", then minutes, hours and days. */
export function formatUptime(seconds: number): string {
  return seconds < 60 ? 'under a minute' : formatDuration(seconds);
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** "never", "just now", "5 min ago", or the date for anything older than a day. */
export function formatLastSeen(iso: string | null, now: number): string {
  if (iso === null) return 'never';
  const seconds = (now - Date.parse(iso)) / 1000;
  if (seconds < 60) return 'just now';
  if (seconds < 86_400) return `${formatDuration(seconds)} ago`;
  return new Date(iso).toLocaleDateString();
}

/** The first sentence of a tool description. */
export function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text.trim() : text.slice(0, end + 1).trim();
}

/** "23.7 MB", "6.1 KB", "650 bytes": a file's size in the model download's list. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
