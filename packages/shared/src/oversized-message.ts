/**
 * The id of a JSON-RPC request too large to be read, from its first and last bytes only, so its
 * refusal can answer the request the client waits on. The id is found when it is the top-level
 * object's first members (a hand-written request) or its last one (the SDK clients put it
 * last); otherwise null, as JSON-RPC answers a request whose id cannot be read.
 */
type RequestId = string | number;

const ID_VALUE = /^\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)/;
const LAST_MEMBER_ID = /[{,]\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)\s*\}\s*$/;

export function idOfOversizedMessage(head: string, tail: string): RequestId | null {
  return idNearTheStart(head) ?? idAtTheEnd(tail);
}

/** "id" as a key of the outermost object, scanning until the first nested value. */
function idNearTheStart(head: string): RequestId | null {
  const text = head.trimStart();
  if (!text.startsWith('{')) return null;
  let index = 1;
  while (index < text.length) {
    const key = /^\s*("(?:[^"\\]|\\.)*")/.exec(text.slice(index));
    if (key?.[1] === undefined) return null;
    index += key[0].length;
    const value = /^\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null)\s*,/.exec(
      text.slice(index),
    );
    if (key[1] === '"id"') return parsedId(ID_VALUE.exec(text.slice(index))?.[1]);
    if (value === null) return null;
    index += value[0].length;
  }
  return null;
}

function idAtTheEnd(tail: string): RequestId | null {
  return parsedId(LAST_MEMBER_ID.exec(tail)?.[1]);
}

function parsedId(literal: string | undefined): RequestId | null {
  if (literal === undefined) return null;
  try {
    const value = JSON.parse(literal) as unknown;
    return typeof value === 'string' || typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}
