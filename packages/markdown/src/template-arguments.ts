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
  return text.replace(DECLARATION, (...groups: unknown[]) => {
    const [, leading, , , , , trailing, lineEnd, offset] = groups as [
      string,
      string,
      ...unknown[],
    ] &
      string[];
    const atLineStart = Number(offset) === 0 || text[Number(offset) - 1] === '\n';
    if (atLineStart && lineEnd !== undefined) return '';
    return `${leading}${trailing ?? ''}${lineEnd ?? ''}`;
  });
}

function unescapeQuoted(quoted: string): string {
  return quoted.replace(/\\(.)/g, '$1');
}
