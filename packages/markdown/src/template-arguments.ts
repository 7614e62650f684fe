/**
 * Arguments of a Templater template, as MCP tools and prompts use them. A template declares an
 * argument with `<% tp.mcpTools.prompt("name", "description") %>` (description optional, any
 * Templater tag flavour: `<%`, `<%*`, `<%-`, `<%_`, closing `%>`, `-%>`, `_%>`) and uses it as
 * `{{name}}` placeholders.
 *
 * Invariants: declarations are dropped (a declaration alone on its line takes the line with it);
 * a placeholder is filled only when its name was given (`{{date}}` of Obsidian's core Templates
 * stays as written); filling is one pass, so a value is never scanned for further placeholders.
 * Pure: no I/O, no Obsidian.
 */

export interface TemplateArgument {
  name: string;
  description: string;
}

export interface FilledTemplate {
  /** The template text with declarations dropped and given arguments filled in. */
  text: string;
  /** Declared arguments no value was given for, in declaration order. */
  missing: TemplateArgument[];
  /** Given names that the template neither declares nor uses as a placeholder. */
  unused: string[];
}

/** Groups: 1 leading blanks, 2/3 quote and name, 4/5 quote and description, 6 trailing blanks, 7 line end. */
const DECLARATION = new RegExp(
  [
    String.raw`([ \t]*)<%[-_]?\*?\s*tp\.mcpTools\.prompt\(\s*`,
    String.raw`(["'\x60])((?:\\.|(?!\2)[^\\])*)\2`,
    String.raw`\s*(?:,\s*(["'\x60])((?:\\.|(?!\4)[^\\])*)\4\s*)?\)\s*;?\s*[-_]?%>`,
    String.raw`([ \t]*)(\r?\n|$)?`,
  ].join(''),
  'g',
);

const PLACEHOLDER = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}/g;

/** Declared arguments, first declaration of each name, in order. */
export function declaredTemplateArguments(text: string): TemplateArgument[] {
  const found = new Map<string, TemplateArgument>();
  for (const match of text.matchAll(DECLARATION)) {
    const name = unescapeQuoted(match[3] ?? '');
    if (name !== '' && !found.has(name))
      found.set(name, { name, description: unescapeQuoted(match[5] ?? '') });
  }
  return [...found.values()];
}

/** Names used as `{{name}}` placeholders, first use of each, in order. */
export function templatePlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

export function fillTemplateArguments(
  text: string,
  values: Readonly<Record<string, string>>,
): FilledTemplate {
  const declared = declaredTemplateArguments(text);
  const withoutDeclarations = dropDeclarations(text);
  const used = new Set([
    ...declared.map((argument) => argument.name),
    ...templatePlaceholders(withoutDeclarations),
  ]);
  const filled = withoutDeclarations.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : placeholder,
  );
  return {
    text: filled,
    missing: declared.filter((argument) => !Object.hasOwn(values, argument.name)),
    unused: Object.keys(values).filter((name) => !used.has(name)),
  };
}

/** Removes every declaration; one alone on its line takes the line (and its line break) along. */
export function dropDeclarations(text: string): string {
  return text.replace(
    DECLARATION,
    (
      _tag: string,
      leading: string,
      _nameQuote: string,
      _name: string,
      _descriptionQuote: string | undefined,
      _description: string | undefined,
      trailing: string,
      lineEnd: string | undefined,
      offset: number,
    ) => {
      const atLineStart = offset === 0 || text[offset - 1] === '\n';
      if (atLineStart && lineEnd !== undefined) return '';
      return `${leading}${trailing}${lineEnd ?? ''}`;
    },
  );
}

function unescapeQuoted(quoted: string): string {
  return quoted.replace(/\\(.)/g, '$1');
}

/**
 * Names whose value contains a Templater tag opener. Values are filled in before Templater
 * renders, so such a value would run as code; callers refuse them.
 */
export function argumentsWithTemplaterTags(values: Readonly<Record<string, string>>): string[] {
  return Object.entries(values)
    .filter(([, value]) => value.includes('<%'))
    .map(([name]) => name);
}
