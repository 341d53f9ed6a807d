// `campaigns create --file campaign.yaml`: the create body of the reference (4.4) from a file, YAML or JSON as its
// content says (a JSON file starts with `{`). Read in its encoding (UTF-8 unless --encoding or a BOM says
// otherwise), refused whole when it names a field the reference does not have: a misspelled "maxRetry" silently
// dropped would run the campaign with no retries. Errors say the line and column of what they blame.
import { CliError, UsageError } from '../errors.js';
import { decodeText } from '../io/encoding.js';
import { MAX_NESTING, jsonTooDeepAt, tooDeep } from '../io/depth.js';
import { terminalSafe } from '../io/safe.js';
import { describeValue } from '../options.js';
import { CampaignCreate } from '../schemas/campaigns.js';
import { PLACEHOLDER } from './placeholder.js';
import { editDistance } from '../suggest.js';
import { isMap, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

/** The body fields of the reference, 4.4. */
const BODY_FIELDS: readonly string[] = Object.keys(CampaignCreate.shape);

/** The known field closest to a misspelled one, when it is close enough to be a slip. */
function closestField(name: string): string | undefined {
  const x = name.toLowerCase();
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const f of BODY_FIELDS) {
    const y = f.toLowerCase();
    // A field cut short ("retryDelay" for retryDelayMinutes) counts as a slip too.
    const d = x.length >= 4 && y.startsWith(x) ? 1 : editDistance(x, y);
    if (d < bestD) [best, bestD] = [f, d];
  }
  return bestD <= Math.max(2, Math.ceil(x.length / 3)) ? best : undefined;
}

/** A body read from --file, and where each of its values is: `file:line:column`, for a path of the body. */
export interface BodyFile {
  body: Record<string, unknown>;
  at: (path: readonly PropertyKey[]) => string | undefined;
}

/** Line and column (from 1) of offset `i` in `text`. */
function lineColumn(text: string, i: number): string {
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

/** JSON as JSON.parse reads it, its syntax errors with a line and column (Node 20 gives only a position). */
function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const pos = /at position (\d+)/.exec(message);
    const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
    throw new UsageError(
      `--file: ${name}${pos ? `:${lineColumn(text, Number(pos[1]))}` : ''}: not valid JSON: ${reason}`,
    );
  }
}

/**
 * The document's values by path, for positions: YAML's own parser reads JSON too (it is a subset), so the same
 * lookup serves both. A path deeper than the document goes (a contact's field) stops at the deepest node it finds.
 */
function locator(name: string, parsed: () => { doc: ReturnType<typeof parseDocument>; counter: LineCounter }) {
  return (path: readonly PropertyKey[]): string | undefined => {
    const { doc, counter } = parsed();
    let node: unknown = doc.contents;
    let found: Node | undefined;
    for (const p of path) {
      if (isMap(node)) {
        const pair = node.items.find((it) => String((it.key as { value?: unknown })?.value ?? it.key) === String(p));
        if (!pair) break;
        found = (pair.key as Node) ?? found;
        node = pair.value;
      } else if (isSeq(node) && /^\d+$/.test(String(p))) {
        const item = (node as { items: unknown[] }).items[Number(p)];
        if (!item) break;
        found = item as Node;
        node = item;
      } else break;
    }
    const start = found?.range?.[0];
    if (start === undefined) return undefined;
    const { line, col } = counter.linePos(start);
    return `${name}:${line}:${col}`;
  };
}

/**
 * The YAML document as a value: a syntax error with its line and column; nesting past MAX_NESTING (which overflows
 * the parser's stack first, for indentation) and more than 100 aliases (a "billion laughs" of anchors) are usage
 * errors, never "This is a bug".
 */
function readYaml(
  parse: () => { doc: ReturnType<typeof parseDocument>; counter: LineCounter },
  name: string,
  deep: () => UsageError,
): unknown {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (err) {
    if (err instanceof RangeError) throw deep();
    throw err;
  }
  const { doc, counter } = parsed;
  const bad = doc.errors[0];
  if (bad) {
    if (/Maximum call stack/.test(bad.message)) throw deep();
    const { line, col } = counter.linePos(bad.pos[0]);
    throw new UsageError(
      `--file: ${name}:${line}:${col}: not valid YAML: ${bad.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (err) {
    if (err instanceof RangeError) throw deep();
    if (err instanceof ReferenceError && /alias/i.test(err.message))
      throw new UsageError(
        `--file: ${name}: its aliases (*name) expand to too much (at most ${MAX_ALIASES} uses of an anchor's value)`,
        { hints: ['Write the values out, or use fewer aliases. Nothing was sent.'] },
      );
    throw err;
  }
  if (tooDeep(value)) throw deep();
  return value;
}

/** yaml's own guard against alias bombs, which it throws as a ReferenceError. */
const MAX_ALIASES = 100;

export async function readBodyFile(file: string, encoding?: string): Promise<BodyFile> {
  const { MAX_BODY_FILE_BYTES, bodyTooLarge, cannotRead, readInputFile } = await import('../io/input-file.js');
  let data: Buffer;
  try {
    data = await readInputFile(file, { maxBytes: MAX_BODY_FILE_BYTES, tooLarge: bodyTooLarge(`--file: ${file}`) });
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw cannotRead(file, err, '--file');
  }
  const text = decodeText(data, encoding, `--file: ${file}`);
  const name = terminalSafe(file);
  const isJson = /^\s*[[{]/.test(text);
  const deep = () =>
    new UsageError(`--file: ${name}: nested deeper than ${MAX_NESTING} levels; a campaign body is at most 5 deep`, {
      hints: ['Nothing was sent.'],
    });
  let doc: unknown;
  // JSON is parsed once, by JSON.parse; YAML's parser (which reads JSON too, for the line and column of a value)
  // only when a message needs a place: a 24 MB JSON file parsed both ways took 2.4 GB.
  let yaml: { doc: ReturnType<typeof parseDocument>; counter: LineCounter } | undefined;
  const parseYaml = () => {
    if (yaml) return yaml;
    const counter = new LineCounter();
    yaml = { doc: parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: false }), counter };
    return yaml;
  };
  if (isJson) {
    const at = jsonTooDeepAt(text);
    if (at !== undefined)
      throw new UsageError(
        `--file: ${name}:${lineColumn(text, at)}: nested deeper than ${MAX_NESTING} levels; a campaign body is at most 5 deep`,
        { hints: ['Nothing was sent.'] },
      );
    doc = parseJson(text, name);
  } else doc = readYaml(parseYaml, name, deep);
  const kind = isJson ? 'JSON' : 'YAML';
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new UsageError(`--file: ${name} must hold one ${kind} object (the create body of the reference, 4.4)`, {
      hints: ['`voicectl campaigns create --skeleton` prints one with every field.'],
    });
  const at = locator(name, parseYaml);
  const unknown = Object.keys(doc).filter((k) => !BODY_FIELDS.includes(k));
  if (unknown.length) {
    const lines = unknown.map((k) => {
      const near = closestField(k);
      return `--file: ${at([k]) ?? name}: unknown field ${terminalSafe(describeValue(k))}${near ? `; did you mean "${near}"?` : ''}`;
    });
    throw new UsageError(lines[0], {
      hints: [
        ...lines.slice(1),
        `The fields of a campaign (reference 4.4): ${BODY_FIELDS.join(', ')}. Nothing was sent.`,
      ],
    });
  }
  const left = placeholdersIn(doc);
  if (left.length) {
    const lines = left.map(
      ([path]) => `--file: ${at(path) ?? name}: ${pathText(path)} still holds the placeholder of --skeleton`,
    );
    const optional = left.some(([, text]) => text.startsWith('<optional'));
    throw new UsageError(lines[0], {
      hints: [
        ...lines.slice(1),
        `Write the values${optional ? ', or remove the optional fields you leave out' : ''}. Nothing was sent.`,
      ],
    });
  }
  return { body: doc as Record<string, unknown>, at };
}

/** The placeholders of the skeleton (keys or values) left in the body, with their paths. */
function placeholdersIn(value: unknown, path: PropertyKey[] = []): [PropertyKey[], string][] {
  if (typeof value === 'string') return PLACEHOLDER.test(value) ? [[path, value]] : [];
  if (!value || typeof value !== 'object') return [];
  const entries: [PropertyKey, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  return entries.flatMap(([k, v]): [PropertyKey[], string][] =>
    typeof k === 'string' && PLACEHOLDER.test(k) ? [[[...path, k], k]] : placeholdersIn(v, [...path, k]),
  );
}

/** `contacts[0].phone_number`. */
const pathText = (path: PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${terminalSafe(String(p))}`)).join('');
