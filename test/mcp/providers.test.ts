// The served tool schemas against the rules of the three major model providers (src/mcp/schema.ts says which rule
// wins where they disagree): google-genai's mcp_to_gemini_tool and Gemini's function declarations, and Anthropic's
// transform_schema, as served; OpenAI's strict mode through the converter of its SDKs (ensure_strict_json_schema),
// which closes every object and requires every property. And the list stays small: tools/list <= 8,000 characters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { startSandbox, tempDir } from '../helpers/cli.js';
import { startMcp } from './helpers.js';

type Node = Record<string, unknown>;

/** Every node of a schema with its path: itself, its properties, its items, its anyOf members. */
function* nodes(node: Node, path: string): Generator<[Node, string]> {
  yield [node, path];
  for (const [k, p] of Object.entries((node.properties ?? {}) as Record<string, Node>)) yield* nodes(p, `${path}.${k}`);
  if (node.items) yield* nodes(node.items as Node, `${path}[]`);
  for (const [i, s] of ((node.anyOf ?? []) as Node[]).entries()) yield* nodes(s, `${path}|${i}`);
}

/**
 * google-genai: mcp_to_gemini_tool walks `additionalProperties` as a schema (a boolean crashes it), and Gemini's
 * Schema takes one type per node, enum values that are strings, and items for every array.
 */
function geminiProblems(name: string, schema: Node): string[] {
  const out: string[] = [];
  if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/.test(name)) out.push(`${name}: name`);
  for (const [n, path] of nodes(schema, name)) {
    if (typeof n.additionalProperties === 'boolean') out.push(`${path}: boolean additionalProperties`);
    if (n.type !== undefined && typeof n.type !== 'string') out.push(`${path}: type ${JSON.stringify(n.type)}`);
    if (Array.isArray(n.enum) && n.enum.some((v) => typeof v !== 'string')) out.push(`${path}: enum of non-strings`);
    if (n.type === 'array' && !n.items) out.push(`${path}: array without items`);
    for (const k of ['$ref', '$defs', 'propertyNames', '$schema']) if (k in n) out.push(`${path}: ${k}`);
  }
  return out;
}

/** Anthropic's transform_schema: no type arrays, objects with their properties, required among them. */
function anthropicProblems(name: string, schema: Node): string[] {
  const out: string[] = [];
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) out.push(`${name}: name`);
  for (const [n, path] of nodes(schema, name)) {
    if (Array.isArray(n.type)) out.push(`${path}: type array ${JSON.stringify(n.type)}`);
    if (n.type === 'object') {
      const props = Object.keys((n.properties ?? {}) as Node);
      for (const r of (n.required ?? []) as string[]) if (!props.includes(r)) out.push(`${path}: required ${r}`);
    }
    if (n.type === undefined && n.anyOf === undefined && n.const === undefined) out.push(`${path}: no type`);
  }
  return out;
}

/** OpenAI's SDK converter for strict mode: every object closed, every property required (a copy). */
function openAiStrict(node: Node): Node {
  const out: Node = { ...node };
  if (node.type === 'object') {
    const props = (node.properties ?? {}) as Record<string, Node>;
    out.properties = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, openAiStrict(p)]));
    out.additionalProperties ??= false;
    out.required = Object.keys(props);
  }
  if (node.items) out.items = openAiStrict(node.items as Node);
  if (Array.isArray(node.anyOf)) out.anyOf = (node.anyOf as Node[]).map(openAiStrict);
  return out;
}

/** OpenAI's strict mode: the keywords it takes, closed objects, every property required, a type everywhere. */
function openAiProblems(name: string, schema: Node): string[] {
  const out: string[] = [];
  const allowed = [
    'type',
    'description',
    'properties',
    'required',
    'additionalProperties',
    'items',
    'enum',
    'const',
    'anyOf',
  ];
  for (const [n, path] of nodes(schema, name)) {
    for (const k of Object.keys(n)) if (!allowed.includes(k)) out.push(`${path}: keyword ${k}`);
    if (n.type === undefined && n.anyOf === undefined && n.const === undefined) out.push(`${path}: no type`);
    if (n.type === 'object') {
      if (n.additionalProperties !== false) out.push(`${path}: additionalProperties must be false`);
      const req = (n.required ?? []) as string[];
      for (const k of Object.keys((n.properties ?? {}) as Node))
        if (!req.includes(k)) out.push(`${path}.${k}: not required`);
    }
  }
  return out;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('the served schemas, provider by provider', () => {
  it('Gemini and Anthropic as served, OpenAI strict through its converter; every field described; tools/list <= 8,000 characters', async () => {
    const s = await startMcp(sandbox, ['--allow-write', '--dir', tempDir()]);
    try {
      const { tools } = await s.client.listTools();
      expect(tools.length).toBeGreaterThanOrEqual(15);
      for (const t of tools) {
        const schema = t.inputSchema as Node;
        expect(geminiProblems(t.name, schema), t.name).toEqual([]);
        expect(anthropicProblems(t.name, schema), t.name).toEqual([]);
        expect(openAiProblems(t.name, openAiStrict(schema)), t.name).toEqual([]);
        for (const [k, p] of Object.entries(schema.properties as Record<string, { description?: string }>))
          expect(p.description?.length ?? 0, `${t.name}.${k}`).toBeGreaterThan(3);
      }
      expect(JSON.stringify({ tools }).length).toBeLessThanOrEqual(8000);
    } finally {
      await s.close();
    }
  });

  it('the rules catch what the providers refuse (each checker fails on its case)', () => {
    const typeArray = { type: 'object', properties: { a: { type: ['string', 'null'], description: 'x' } } };
    const closed = { type: 'object', properties: {}, additionalProperties: false };
    const nullEnum = { type: 'object', properties: { a: { type: 'string', enum: ['x', null] } } };
    expect(geminiProblems('t', typeArray)).toEqual(['t.a: type ["string","null"]']);
    expect(geminiProblems('t', closed)).toEqual(['t: boolean additionalProperties']);
    expect(geminiProblems('t', nullEnum)).toEqual(['t.a: enum of non-strings']);
    expect(anthropicProblems('t', typeArray)).toEqual(['t.a: type array ["string","null"]']);
    expect(openAiProblems('t', { type: 'object', properties: { a: { type: 'string' } } })).toEqual([
      't: additionalProperties must be false',
      't.a: not required',
    ]);
    expect(openAiProblems('t', openAiStrict({ type: 'object', properties: { a: { type: 'string' } } }))).toEqual([]);
  });
});
