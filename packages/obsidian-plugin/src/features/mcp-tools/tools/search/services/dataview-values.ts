/**
 * Dataview values as plain JSON, recognised by their shape (Dataview is never imported: it may
 * be missing, and its classes are not ours):
 * - Link (`path`, `embed`, `type` file|header|block) -> {path, display?, subpath?, embed, type};
 * - Luxon DateTime and Duration (anything with `toISO()`) -> their ISO 8601 text;
 * - widgets (`$widget`): list pairs -> {key, value}, external links -> {url, display?}, others
 *   -> their Markdown;
 * - DataArray (`values` array plus an `array()` method) -> its values; arrays and plain objects
 *   -> converted member by member; HTML elements -> their text; functions and undefined -> null.
 * Depth is bounded (a value nested deeper becomes "[too deep]") and a value that contains itself
 * becomes "[circular]", so any result Dataview hands back can be serialised.
 */
const MAX_DEPTH = 12;
const LINK_TYPES = new Set(['file', 'header', 'block']);

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };
type Members = Record<string, unknown>;

export function toPlainValue(value: unknown): Plain {
  return convert(value, 0, new Set());
}

function convert(value: unknown, depth: number, ancestors: Set<object>): Plain {
  if (value === null || value === undefined || typeof value === 'function') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return null; // a symbol
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (ancestors.has(value)) return '[circular]';
  ancestors.add(value);
  try {
    return convertObject(value as Members, (inner) => convert(inner, depth + 1, ancestors));
  } finally {
    ancestors.delete(value);
  }
}

function convertObject(value: Members, inner: (value: unknown) => Plain): Plain {
  if (Array.isArray(value)) return value.map(inner);
  if (isLink(value)) return linkJson(value);
  if (typeof value.toISO === 'function') return isoText(value);
  if (typeof value.$widget === 'string') return widgetJson(value, inner);
  if (Array.isArray(value.values) && typeof value.array === 'function') {
    return (value.values as unknown[]).map(inner);
  }
  if (typeof value.nodeType === 'number') {
    return typeof value.textContent === 'string' ? value.textContent : '';
  }
  const plain: { [key: string]: Plain } = {};
  for (const [key, member] of Object.entries(value)) plain[key] = inner(member);
  return plain;
}

function isLink(value: Members): boolean {
  return (
    typeof value.path === 'string' &&
    typeof value.embed === 'boolean' &&
    LINK_TYPES.has(value.type as string)
  );
}

function linkJson(link: Members): Plain {
  const json: { [key: string]: Plain } = { path: link.path as string };
  if (typeof link.display === 'string') json.display = link.display;
  if (typeof link.subpath === 'string') json.subpath = link.subpath;
  json.embed = link.embed as boolean;
  json.type = link.type as string;
  return json;
}

function isoText(value: Members): Plain {
  const iso: unknown = (value.toISO as () => unknown).call(value);
  return typeof iso === 'string' ? iso : null; // an invalid DateTime answers null
}

function widgetJson(widget: Members, inner: (value: unknown) => Plain): Plain {
  if (widget.$widget === 'dataview:list-pair') {
    return { key: inner(widget.key), value: inner(widget.value) };
  }
  if (widget.$widget === 'dataview:external-link') {
    const json: { [key: string]: Plain } = { url: String(widget.url) };
    if (typeof widget.display === 'string') json.display = widget.display;
    return json;
  }
  return typeof widget.markdown === 'function'
    ? String((widget.markdown as () => unknown).call(widget))
    : null;
}
