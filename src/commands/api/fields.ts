// The -F/-f fields of `voicectl api`, as gh api reads them: `key=value`, `key[]=value` (array element),
// `key[sub]=value` (nested object). -F types its values (numbers, true, false, null, @file); -f keeps strings.
// Pure functions: reading files is the caller's job, through `readFile`.
import { UsageError } from '../../errors.js';

type FieldValue = string | number | boolean | null | FieldValue[] | { [k: string]: FieldValue };
export type FieldObject = { [k: string]: FieldValue };

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export interface ParsedField {
  /** Path of the key: ["a", "b", ""] for a[b][] ("" appends to an array). */
  path: string[];
  value: FieldValue;
}

/** Splits `key=value` and types the value; `@file` and `@-` are read through `readFile`. */
export function parseField(raw: string, typed: boolean, readFile: (name: string) => string): ParsedField {
  const flag = typed ? '-F' : '-f';
  const eq = raw.indexOf('=');
  if (eq <= 0)
    throw new UsageError(`${flag} "${raw}": expected key=value`, {
      hints: [`For example: ${flag} name=Nightly -F maxRetries=2`],
    });
  const key = raw.slice(0, eq);
  const text = raw.slice(eq + 1);
  const m = KEY.exec(key);
  if (!m)
    throw new UsageError(`${flag} "${raw}": the key "${key}" is not valid`, {
      hints: ['Use key, key[] (array element) or key[sub] (nested object).'],
    });
  const path = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
  // These names reach Object.prototype (or a constructor) instead of making a field: refused at any depth.
  const bad = path.find((seg) => FORBIDDEN_KEYS.has(seg));
  if (bad !== undefined)
    throw new UsageError(`${flag} "${raw}": "${bad}" cannot be a key (${[...FORBIDDEN_KEYS].join(', ')} are refused)`, {
      hints: ['To send such a field anyway, write the whole body in a file and pass it with --input.'],
    });
  return { path, value: typed ? typedValue(text, readFile) : text };
}

function typedValue(text: string, readFile: (name: string) => string): FieldValue {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  // An integer too big for a double (an ID, say) stays a string rather than lose digits.
  if (NUMBER.test(text) && Number.isFinite(Number(text)) && (/[.eE]/.test(text) || Number.isSafeInteger(Number(text))))
    return Number(text);
  if (text.startsWith('@') && text.length > 1) return readFile(text.slice(1));
  return text;
}

/** One step of a field's path: into an array (`[]` appends) or an object; the node the next step starts from. */
function step(node: FieldValue, path: string[], i: number, value: FieldValue): FieldValue | undefined {
  const seg = path[i];
  const last = i === path.length - 1;
  const next = (): FieldValue => (!last && path[i + 1] === '' ? [] : {});
  if (Array.isArray(node)) {
    if (seg !== '') throw new UsageError(`field ${path.join('.')}: cannot set "${seg}" on an array`);
    if (last) return void node.push(value);
    const child = next();
    node.push(child);
    return child;
  }
  if (node === null || typeof node !== 'object')
    throw new UsageError(`field ${path.join('.')}: "${path.slice(0, i).join('.')}" is already a value`);
  if (seg === '') throw new UsageError(`field ${path.join('.')}: [] must follow a name`);
  const obj = node as FieldObject;
  if (last) return void (obj[seg] = value);
  if (!Object.hasOwn(obj, seg)) obj[seg] = next();
  return obj[seg];
}

/** Builds the JSON object of the fields, in order. */
export function buildObject(fields: ParsedField[]): FieldObject {
  const root: FieldObject = {};
  for (const { path, value } of fields) {
    let node: FieldValue | undefined = root;
    for (let i = 0; i < path.length && node !== undefined; i++) node = step(node, path, i, value);
  }
  return root;
}

/** Fields as query parameters: scalars, and arrays of scalars as repeated parameters. */
export function toQuery(fields: ParsedField[]): [string, string][] {
  const out: [string, string][] = [];
  for (const { path, value } of fields) {
    const arrayOfScalars = path.length === 2 && path[1] === '';
    if (path.length > 1 && !arrayOfScalars)
      throw new UsageError(
        `field ${path[0]}[${path.slice(1).join('][')}]: nested fields cannot be sent as query parameters`,
        { hints: ['Use POST, PUT or PATCH for a JSON body.'] },
      );
    if (value !== null && typeof value === 'object')
      throw new UsageError(`field ${path[0]}: only plain values can be query parameters`);
    out.push([path[0], value === null ? '' : String(value)]);
  }
  return out;
}

/**
 * Checks the path given to `voicectl api`. Only a path on the configured service is accepted: no absolute
 * URL, no "//host", no "." or ".." segment (even percent-encoded), nothing a URL parser could turn into
 * another origin, so the API key only ever goes to the base URL.
 */
export function checkApiPath(p: string): string {
  const hint = 'Give a path on the configured service, such as /v1/tts or /v1/messages?channel=sms.';
  if (/^[a-z][a-z0-9+.-]*:/i.test(p))
    throw new UsageError(`"${p}" is a URL; voicectl api takes a path on the configured base URL`, {
      hints: [hint, 'Change the base URL with --base-url or a profile; the API key is never sent elsewhere.'],
    });
  if (!p.startsWith('/'))
    throw new UsageError(`the path must start with / (got "${p}")`, {
      hints: [/^v\d+\//.test(p) ? `Did you mean /${p}?` : hint],
    });
  if (p.startsWith('//')) throw new UsageError(`the path must not start with // (got "${p}")`, { hints: [hint] });
  // eslint-disable-next-line no-control-regex
  if (/[\s\x00-\x1f\x7f\\#]/.test(p))
    throw new UsageError(`the path contains a space, a control character, "\\" or "#" (got ${JSON.stringify(p)})`, {
      hints: ['Percent-encode such characters (%20 for a space).'],
    });
  const pathname = p.split('?')[0];
  for (const seg of pathname.split('/')) {
    let decoded = seg;
    try {
      decoded = decodeURIComponent(seg);
    } catch {
      throw new UsageError(`the path has an invalid percent-encoding (got "${p}")`);
    }
    if (decoded === '.' || decoded === '..')
      throw new UsageError(`the path must not contain "." or ".." segments (got "${p}")`, { hints: [hint] });
  }
  return p;
}
