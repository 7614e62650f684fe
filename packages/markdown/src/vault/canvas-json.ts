/**
 * Where the strings of a canvas's nodes sit in its JSON text, so a rename can replace one value
 * (a file node's `file`, a text node's `text`) and keep every other byte: key order,
 * indentation, escapes. Text that is not valid JSON has no nodes, as in `parseCanvasLinks`.
 * Invariant: `start`..`end` spans the string token with its quotes; `value` is what it decodes to.
 */

export interface JsonStringSpan {
  value: string;
  start: number;
  end: number;
}

/** The string-valued members of one node (`type`, `file`, `subpath`, `text`, ...). */
export type CanvasNodeStrings = ReadonlyMap<string, JsonStringSpan>;

type JsonValue =
  | { kind: 'string'; span: JsonStringSpan }
  | { kind: 'object'; members: Map<string, JsonValue> }
  | { kind: 'array'; items: JsonValue[] }
  | { kind: 'scalar' };

export function canvasNodeStrings(json: string): CanvasNodeStrings[] {
  try {
    JSON.parse(json);
  } catch {
    return [];
  }
  const root = new JsonScanner(json).value();
  const nodes = root.kind === 'object' ? root.members.get('nodes') : undefined;
  if (nodes?.kind !== 'array') return [];
  return nodes.items.map((node) => {
    const strings = new Map<string, JsonStringSpan>();
    if (node.kind !== 'object') return strings;
    for (const [key, value] of node.members)
      if (value.kind === 'string') strings.set(key, value.span);
    return strings;
  });
}

/** A recursive-descent walk over text already known to be valid JSON. */
class JsonScanner {
  private at = 0;

  constructor(private readonly text: string) {}

  value(): JsonValue {
    this.skipWhitespace();
    const char = this.text[this.at];
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return { kind: 'string', span: this.string() };
    while (this.at < this.text.length && !',]} \t\r\n'.includes(this.text[this.at] as string)) {
      this.at++;
    }
    return { kind: 'scalar' };
  }

  private object(): JsonValue {
    const members = new Map<string, JsonValue>();
    this.at++;
    for (this.skipWhitespace(); this.text[this.at] !== '}'; this.skipSeparator()) {
      const key = this.string().value;
      this.skipWhitespace();
      this.at++; // the colon
      members.set(key, this.value());
    }
    this.at++;
    return { kind: 'object', members };
  }

  private array(): JsonValue {
    const items: JsonValue[] = [];
    this.at++;
    for (this.skipWhitespace(); this.text[this.at] !== ']'; this.skipSeparator()) {
      items.push(this.value());
    }
    this.at++;
    return { kind: 'array', items };
  }

  private string(): JsonStringSpan {
    this.skipWhitespace();
    const start = this.at;
    for (this.at++; this.text[this.at] !== '"'; this.at++)
      if (this.text[this.at] === '\\') this.at++;
    this.at++;
    return { value: JSON.parse(this.text.slice(start, this.at)) as string, start, end: this.at };
  }

  /** Whitespace, then an optional comma, then whitespace. */
  private skipSeparator(): void {
    this.skipWhitespace();
    if (this.text[this.at] === ',') this.at++;
    this.skipWhitespace();
  }

  private skipWhitespace(): void {
    while (' \t\r\n'.includes(this.text[this.at] ?? '-')) this.at++;
  }
}
