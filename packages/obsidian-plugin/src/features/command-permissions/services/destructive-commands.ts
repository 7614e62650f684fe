/**
 * Whether a command looks destructive, judged by the words of its id and name ("app:delete-file",
 * "Clear all notifications", "resetSettings"). Such commands get a warning in the permission
 * modal and can never be allowed always. Deliberately broad: a false alarm costs one click.
 */
const DESTRUCTIVE_VERBS = [
  'delete',
  'purge',
  'reset',
  'wipe',
  'remove',
  'uninstall',
  'clear',
  'erase',
  'destroy',
  'trash',
  'discard',
  'drop',
  'truncate',
  'overwrite',
  'kill',
  'revert',
];

const DESTRUCTIVE_WORDS = new Set(DESTRUCTIVE_VERBS.flatMap(inflections));

function inflections(verb: string): string[] {
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  return [verb, `${verb}s`, `${stem}ed`, `${stem}ing`, `${verb}d`, `${verb}es`];
}

/** Lower-case words of a text: camelCase and every non-alphanumeric character split them. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

export function looksDestructive(command: { id: string; name: string }): boolean {
  return wordsOf(`${command.id} ${command.name}`).some((word) => DESTRUCTIVE_WORDS.has(word));
}
