/**
 * Scalars for the two text formats the generators write by hand: a JSON string is a valid YAML
 * double-quoted scalar, and a TOML basic string once DEL and the characters JSON leaves bare are
 * escaped too. Tests parse every snippet back with real YAML and TOML parsers.
 */
export function yamlString(value: string): string {
  return JSON.stringify(value);
}

export function tomlString(value: string): string {
  return JSON.stringify(value).replace(
    /[\u007f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A bare key when it can be one (letters, digits, - and _), else a quoted key. */
export function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}
