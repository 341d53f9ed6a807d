// `campaigns create --skeleton [yaml|json]`: a template of the create body (reference 4.4) for --file, read from the
// schema the body is checked with (CampaignCreate): every field, whether it is required, its rule (the schema's own
// messages) and its default (the schema's, which come from CAMPAIGN_DEFAULTS). Nothing here names a field.
import type * as z from 'zod/mini';
import { CAMPAIGN_DEFAULTS } from '../facts.js';
import { CampaignCreate, Strategy } from '../schemas/campaigns.js';

import type { SkeletonFormat } from './placeholder.js';

/**
 * Defaults that are not the API's but the plan's (CAMPAIGN_DEFAULTS.strategy, see facts.ts): a field of this schema
 * left out is planned (and dialled by the sandbox) with this value.
 */
const PLANNED = new Map<z.core.$ZodType, unknown>([[Strategy, CAMPAIGN_DEFAULTS.strategy]]);

type Def = z.core.$ZodTypeDef & {
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  entries?: Record<string, string>;
  defaultValue?: unknown;
};

const defOf = (s: z.core.$ZodType) => s._zod.def as Def;

/** A field of the template: its rule and, where it has one, the value it takes when left out. */
interface Field {
  name: string;
  required: boolean;
  rule: string;
  /** The value taken when the field is left out: the API's default, or the plan's. */
  absent?: { value: unknown; planned: boolean };
  node: Node;
}

type Node =
  | { kind: 'scalar' }
  | { kind: 'list'; of: Node }
  | { kind: 'object'; fields: Field[]; open: boolean }
  | { kind: 'map'; of: Node };

/** A check's message as the schema words it (its own, not zod's). */
function message(c: z.core.$ZodCheck<never>): string | undefined {
  const m = (c._zod.def.error as ((issue: unknown) => unknown) | undefined)?.({});
  return typeof m === 'string' ? m : undefined;
}

/** What a value of this schema is, in a few words. */
function noun(def: Def): string {
  switch (def.type) {
    case 'string':
      return 'text';
    case 'number':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${Object.values(def.entries ?? {}).join(', ')}`;
    case 'array':
      return 'a list';
    case 'record':
      return 'an object of name: text';
    default:
      return 'an object';
  }
}

/** The rule of a value: what it is, then every check's message, its elements' prefixed with "each". */
function ruleOf(schema: z.core.$ZodType): string {
  const def = defOf(schema);
  const own = (def.checks ?? []).map(message).filter((m): m is string => m !== undefined);
  const parts = [noun(def), ...own];
  const inner = def.element ?? def.valueType;
  if (inner && defOf(inner).type !== 'object') {
    const each = ruleOf(inner);
    if (each !== 'text') parts.push(`each ${each.replace(/^text; /, '')}`);
  }
  return [...new Set(parts)].join('; ');
}

function nodeOf(schema: z.core.$ZodType): Node {
  const def = defOf(schema);
  if (def.type === 'array') return { kind: 'list', of: nodeOf(def.element!) };
  if (def.type === 'record') return { kind: 'map', of: nodeOf(def.valueType!) };
  if (def.type === 'object') {
    return {
      kind: 'object',
      fields: Object.entries(def.shape ?? {}).map(([k, s]) => fieldOf(k, s)),
      open: def.catchall !== undefined && defOf(def.catchall).type !== 'never',
    };
  }
  return { kind: 'scalar' };
}

function fieldOf(name: string, schema: z.core.$ZodType): Field {
  const def = defOf(schema);
  const wrapped = def.type === 'optional' || def.type === 'default' || def.type === 'prefault';
  const inner = wrapped ? def.innerType! : schema;
  const absent =
    def.type === 'default' || def.type === 'prefault'
      ? { value: def.defaultValue, planned: false }
      : PLANNED.has(inner)
        ? { value: PLANNED.get(inner), planned: true }
        : undefined;
  return { name, required: !wrapped, rule: ruleOf(inner), ...(absent ? { absent } : {}), node: nodeOf(inner) };
}

/** The fields of the create body, in the schema's order. */
function skeletonFields(): Field[] {
  return Object.entries(CampaignCreate.shape as Record<string, z.core.$ZodType>).map(([k, s]) => fieldOf(k, s));
}

/** The value a field shows: its default, or a placeholder to replace (with its rule, where no comment holds it). */
function shownValue(field: Field, optional: boolean, json: boolean): unknown {
  // A planned default is not sent unless chosen: in JSON, where it could not be commented out, it is a placeholder.
  if (field.absent && !(json && field.absent.planned)) return field.absent.value;
  return filler(field.node, optional || !field.required, json ? jsonRule(field) : undefined, json);
}

const jsonRule = (f: Field) => (f.absent?.planned ? `${f.rule}; ${absentText(f.absent).slice(2)}` : f.rule);

/**
 * A placeholder of the node's shape. In JSON (`json`), which has no comments, each holds its rule, and an object
 * has every field (optional ones to fill or remove); in YAML the comments say the rules, and only required fields
 * of an object are shown.
 */
function filler(node: Node, optional: boolean, rule: string | undefined, json: boolean): unknown {
  const mark = optional ? 'optional' : 'required';
  switch (node.kind) {
    case 'list':
      return [filler(node.of, optional, rule, json)];
    case 'map':
      return { [`<${mark}: name>`]: filler(node.of, optional, rule, json) };
    case 'object':
      return Object.fromEntries(
        node.fields.filter((f) => json || f.required).map((f) => [f.name, shownValue(f, optional, json)]),
      );
    default:
      return rule === undefined ? `<${mark}>` : `<${mark}: ${rule}>`;
  }
}

/** The line that says what a field is: `name (required): text; must not be empty`. */
function describe(field: Field): string {
  const absent = field.absent ? absentText(field.absent) : '';
  return `${field.name} (${field.required ? 'required' : `optional${absent}`}): ${field.rule}`;
}

function absentText(absent: NonNullable<Field['absent']>): string {
  return absent.planned
    ? `, planned as ${String(absent.value)} when left out`
    : `, default ${JSON.stringify(absent.value)}`;
}

/** YAML of a flow value: JSON is YAML, and keeps placeholders quoted (`<` and `: ` would be YAML syntax). */
const flow = (v: unknown) => JSON.stringify(v).replace(/":/g, '": ').replace(/,"/g, ', "');

/** YAML lines of the fields of an object at `indent`; optional fields commented out, with their rule above. */
function yamlFields(fields: Field[], indent: string, open: boolean, withinOptional: boolean): string[] {
  const lines: string[] = [];
  for (const field of fields) {
    const optional = withinOptional || !field.required;
    const hash = field.required ? '' : '# ';
    lines.push(`${indent}# ${describe(field)}`);
    const node = field.node;
    if (!field.absent && field.required && node.kind === 'list' && node.of.kind === 'object') {
      // A list of objects (contacts) in block style, its one item with its own fields described.
      const [first, ...rest] = yamlFields(node.of.fields, `${indent}    `, node.of.open, optional);
      lines.push(`${indent}${field.name}:`);
      const item = [first, ...rest];
      const at = item.findIndex((l) => !l.trimStart().startsWith('#'));
      item[at] = `${indent}  - ${item[at].trimStart()}`;
      lines.push(...item.slice(0, at).map((l) => l.replace(`${indent}    `, `${indent}  `)), ...item.slice(at));
      continue;
    }
    lines.push(`${indent}${hash}${field.name}: ${flow(shownValue(field, optional, false))}`);
  }
  if (open) lines.push(`${indent}# ...and fields of your own, kept as they are`);
  return lines;
}

/** The template as JSON: every field; optional ones hold a placeholder to fill in or remove, or their default. */
export function skeletonJson(): Record<string, unknown> {
  return Object.fromEntries(skeletonFields().map((f) => [f.name, shownValue(f, false, true)]));
}

/** The template, in YAML (commented) or JSON (every field; optional ones hold a placeholder to fill or remove). */
export function renderSkeleton(format: SkeletonFormat): string {
  if (format === 'json') return `${JSON.stringify(skeletonJson(), null, 2)}\n`;
  return [
    '# A campaign for `voicectl campaigns create --file <this file>` (the create body of the reference, 4.4).',
    '# Replace each "<required>"; uncomment an optional field to set it. Check it with --dry-run.',
    '',
    ...yamlFields(skeletonFields(), '', false, false),
    '',
  ].join('\n');
}
