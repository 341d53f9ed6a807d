// A tool's input schema in the subset of JSON Schema that the major model providers take as served: Anthropic's
// `transform_schema` (no type arrays such as ["string", "null"]), google-genai's `mcp_to_gemini_tool` and Gemini's
// function declarations (one type per node, no boolean `additionalProperties`, no null in an `enum`), and the
// converter of OpenAI's SDKs for strict mode. Where they disagree, the rule that wins is the one without a way
// around it: OpenAI's strict mode wants `additionalProperties: false` and every property required, but its SDKs
// add both (`ensure_strict_json_schema`), and strict mode is opt-in; google-genai crashes on a boolean
// `additionalProperties` and has no such converter. So objects are served open-ended in the schema and closed by
// the server (an unknown argument is refused, nothing sent), and an optional argument is simply not required
// (a client may still send null for it: the server reads null as absent). Bounds and defaults are said in each
// field's description, and the server checks every value with the zod schema anyway: what is dropped here is
// advice, not a rule. test/mcp/providers.test.ts checks each provider's rules.
import * as z from 'zod/mini';

type Rec = Record<string, unknown>;

/** Keywords that survive; anything else (bounds, formats, defaults, `propertyNames`, `$schema`) is dropped. */
const KEPT = new Set(['type', 'description', 'properties', 'required', 'items', 'enum', 'const', 'anyOf']);

function portable(node: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(node)) {
    if (!KEPT.has(k)) continue;
    if (k === 'properties')
      out.properties = Object.fromEntries(Object.entries(v as Rec).map(([name, p]) => [name, portable(p as Rec)]));
    else if (k === 'items') out.items = portable(v as Rec);
    else if (k === 'anyOf') out.anyOf = (v as Rec[]).map(portable);
    else out[k] = v;
  }
  if (out.type === 'object' || out.properties) out.properties ??= {};
  if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
  return out;
}

/** The JSON Schema a client is shown for a tool whose arguments `shape` parses. */
export function toolInputSchema(shape: z.core.$ZodLooseShape): Rec {
  const full = z.toJSONSchema(z.strictObject(shape), { io: 'input', target: 'draft-7', unrepresentable: 'any' }) as Rec;
  return portable(full);
}

/**
 * The one coercion rule of tool arguments: a number or a boolean that arrives as a string (models often send
 * `"2"` and `"true"`) is read as the value it spells, wherever the served schema asks for a number, an integer or
 * a boolean (in objects and lists too). Any other string is left for the schema to refuse, in our words.
 */
export function coerceArgs(value: unknown, schema: Rec | undefined): unknown {
  if (!schema) return value;
  const types = [schema.type].flat();
  if (typeof value === 'string') {
    const text = value.trim();
    if ((types.includes('number') || types.includes('integer')) && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text))
      return Number(text);
    if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => coerceArgs(v, schema.items as Rec | undefined));
  if (value && typeof value === 'object') {
    const props = (schema.properties ?? {}) as Record<string, Rec>;
    return Object.fromEntries(Object.entries(value as Rec).map(([k, v]) => [k, coerceArgs(v, props[k])]));
  }
  return value;
}
