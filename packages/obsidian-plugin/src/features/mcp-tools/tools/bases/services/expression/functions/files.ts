/**
 * The file, link and object functions (help.obsidian.md/bases/functions, "File type", "Link
 * type", "Object type"). What a file is linked to, tagged with or holds comes from the runtime,
 * which reads the vault's metadata (../../base-vault.ts).
 */
import { EvaluationError, type Call, type Method } from '../runtime.ts';
import {
  displayText,
  pathOf,
  type FileValue,
  type LinkValue,
  type ObjectValue,
  type Value,
} from '../values.ts';

const file = (value: Value) => (value as FileValue).file;

/** A text argument, or each text argument (hasTag takes several). */
function text(value: Value, what: string): string {
  if (typeof value !== 'string') throw new EvaluationError(`${what} takes text`);
  return value;
}

/** `folder`, `/folder/`, `folder/sub` -> `folder/sub`; the root is ''. */
function folderPath(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}

export const FILE_METHODS: Record<string, Method> = {
  asLink: (value, call) => ({
    kind: 'link',
    text: file(value).path,
    path: file(value).path,
    display: call.count > 0 ? displayText(call.arg(0)) : null,
  }),
  hasLink: (value, call) => call.runtime.hasLink(file(value), call.arg(0)),
  hasProperty: (value, call) =>
    call.runtime.hasProperty(file(value), text(call.arg(0), 'hasProperty()')),
  hasTag: (value, call) =>
    call.runtime.hasTag(
      file(value),
      call.args().map((tag) => text(tag, 'hasTag()')),
    ),
  inFolder: (value, call) => {
    const folder = folderPath(text(call.arg(0), 'inFolder()'));
    return folder === '' || file(value).path.startsWith(`${folder}/`);
  },
};

export const LINK_METHODS: Record<string, Method> = {
  asFile: (value, call) => fileOf(value as LinkValue, call),
  linksTo: (value, call) => {
    const source = fileOf(value as LinkValue, call);
    return source !== null && call.runtime.hasLink(source.file, call.arg(0));
  },
};

function fileOf(link: LinkValue, call: Call): FileValue | null {
  const path = pathOf(link);
  const found = path === null ? null : call.runtime.fileAt(path);
  return found === null ? null : { kind: 'file', file: found };
}

const entries = (value: Value) => (value as ObjectValue).entries;

export const OBJECT_METHODS: Record<string, Method> = {
  keys: (value) => Object.keys(entries(value)),
  values: (value) => Object.values(entries(value)),
};
