// A tool's input schema in the subset of JSON Schema every model provider takes as it is: OpenAI's strict mode
// (function calling with `strict: true`, and the converters of its SDKs) and Anthropic's strict tool use. Both
// want closed objects (`additionalProperties: false`) and neither takes `propertyNames`; OpenAI's strict mode
// makes every property required, so an optional one must accept null (which the server reads as absent);
// Anthropic's takes no numeric or length bounds. Bounds and defaults are said in each field's description, and
// the server checks every value with the zod schema anyway: what is dropped here is advice, not a rule.
import * as z from 'zod/mini';

type Rec = Record<string, unknown>;

/** Keywords that survive; anything else (bounds, formats, defaults, `propertyNames`, `$schema`) is dropped. */
const KEPT = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
]);

function portable(node: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(node)) {
    if (!KEPT.has(k)) continue;
    if (k === 'properties') {
      const required = new Set((node.required as string[] | undefined) ?? []);
      out.properties = Object.fromEntries(
        Object.entries(v as Rec).map(([name, p]) => [
          name,
          required.has(name) ? portable(p as Rec) : nullable(portable(p as Rec)),
        ]),
      );
    } else if (k === 'items') out.items = portable(v as Rec);
    else if (k === 'anyOf') out.anyOf = (v as Rec[]).map(portable);
    else if (k !== 'additionalProperties') out[k] = v;
  }
  if (out.type === 'object' || out.properties) {
    out.additionalProperties = false;
    out.properties ??= {};
  }
  if (out.description === undefined) delete out.description;
  return out;
}

/** `schema` that also accepts null. */
function nullable(schema: Rec): Rec {
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  if (typeof schema.type === 'string') {
    const out: Rec = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  return schema;
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
