// Parses a command's raw commander options with its zod schema, so rules and defaults live in the schema
// and every rejection names the flag, the rule and the value.
import * as z from 'zod/mini';
import { UsageError } from './errors.js';
import { truncate } from './io/format.js';

function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export function describeValue(v: unknown): string {
  if (typeof v === 'string') return truncate(v, 60, { keep: 57, count: true, quote: true });
  if (v === undefined) return 'nothing';
  return JSON.stringify(v) ?? String(v);
}

/**
 * How a refusal names a field: a map of field paths (joined with ".") to the flag or argument the user typed (by
 * default the field name in kebab case: `--max-retries`), or a function of the path (an MCP tool names its
 * arguments as the client sent them: `maxRetries`, `contacts.2.phone_number`).
 */
export type FieldNames = Record<string, string> | ((path: string) => string);

/** Parses `raw` with `schema`; a refusal names the field (`flags`), the rule and the value. */
export function parseOptions<S extends z.core.$ZodType>(schema: S, raw: unknown, flags: FieldNames = {}): z.infer<S> {
  // A command's options are parsed once per process: zod's JIT (a `new Function` compiled on an object schema's
  // first parse, to speed up later ones) never pays for itself here. Measured on Node 24.21 (callgrind, `tts
  // create --text hi --dry-run`): 287 M instructions with it, 278 M without.
  const result = z.safeParse(schema, raw, { jitless: true, reportInput: true });
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = issue.path.map(String).join('.');
    const top = String(issue.path[0] ?? '');
    const name =
      typeof flags === 'function'
        ? flags(key || 'input')
        : (flags[key] ?? flags[top] ?? (top ? flagName(top) : 'input'));
    // The value as typed, found by the issue's path in what commander gave. A flag whose text the schema splits
    // (`--allow-types bogus,MOBILE`) has items the typed text does not hold: the item is the issue's own input.
    let value: unknown = raw;
    for (const p of issue.path) {
      if (typeof value === 'string') {
        value = issue.input;
        break;
      }
      value = (value as Record<PropertyKey, unknown> | undefined)?.[p as PropertyKey];
    }
    // A switch (--skip-invalid) has no value worth quoting: "--skip-invalid: applies to CSV contacts".
    const got =
      value === undefined && issue.code === 'invalid_type'
        ? 'is required'
        : typeof value === 'boolean'
          ? issue.message
          : `${issue.message} (got ${describeValue(value)})`;
    return value === undefined && issue.code === 'invalid_type' ? `${name} is required` : `${name}: ${got}`;
  });
  throw new UsageError(lines[0], { hints: lines.slice(1) });
}
