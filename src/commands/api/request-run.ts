// voicectl api <METHOD> <path>: one request as given, with the profile's key and base URL. -F fields become a
// JSON body (POST, PUT, PATCH) or query parameters (GET, DELETE); --input sends a file or stdin as the body;
// --paginate walks the pages of a list and prints each record as one JSON line. Errors are the usual ones.
import * as z from 'zod/mini';
import type { ApiClient } from '../../api/client.js';
import { MAX_BODY_MIB_CEILING } from '../../api/limits.js';
import { paginate } from '../../api/paginate.js';
import { redactBody, redactData } from '../../api/redact.js';
import { CliError, MalformedResponseError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { bodyTooLarge, cannotRead, MAX_BODY_FILE_BYTES, readInputFile } from '../../io/input-file.js';
import { printJqEach, printJqText } from '../../io/output.js';
import { jsonForTerminal, terminalSafe } from '../../io/safe.js';
import { readAll } from '../../io/stdin.js';
import { write } from '../../io/streams.js';
import { PAGINATION } from '../../schemas/common.js';
import { maxPagesFrom } from '../list.js';
import * as fields from './fields.js';
import { API_METHODS } from './methods.js';
import type { ApiFlags } from './request.js';

type ApiMethod = (typeof API_METHODS)[number];

interface ApiOptions {
  method: ApiMethod;
  /** Path without the query string. */
  path: string;
  /** Query parameters: those of the path, then the fields of a GET/DELETE (or of a request with --input). */
  query: [string, string][];
  body?: unknown;
  paginate: boolean;
  /** Largest response body read, in bytes (--max-body, in MiB). */
  maxBodyBytes?: number;
}

const NOTHING_SENT = '; nothing was sent';

async function readStdin(f: Factory): Promise<string> {
  const tooLarge = bodyTooLarge('stdin', NOTHING_SENT);
  return (
    await readAll(f.io.in, f.signal, { maxBytes: MAX_BODY_FILE_BYTES, tooLarge: () => tooLarge(undefined) })
  ).toString('utf8');
}

/** A file of --input or -F key=@file, bounded as stdin is. */
async function readBodySource(f: Factory, name: string, label: string): Promise<string> {
  const tooLarge = bodyTooLarge(label, NOTHING_SENT);
  try {
    return (await readInputFile(name, { maxBytes: MAX_BODY_FILE_BYTES, tooLarge }, f.signal)).toString('utf8');
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw cannotRead(name, err);
  }
}

/** stdin, read at most once (by --input - or one @- field). */
function stdinReader(f: Factory) {
  let used = false;
  let text: string | undefined;
  return {
    read: async () => {
      if (used) throw new UsageError('stdin can be read only once (by --input - or one @- field)');
      used = true;
      return (text = await readStdin(f));
    },
    text: () => text ?? '',
  };
}

/** The -F and -f fields, their @file and @- values read (bounded) before they are parsed. */
async function parseFields(f: Factory, raw: ApiFlags, stdin: ReturnType<typeof stdinReader>) {
  const all = [
    ...(raw.field ?? []).map((s) => ({ s, typed: true })),
    ...(raw.rawField ?? []).map((s) => ({ s, typed: false })),
  ];
  // @- fields need stdin before parsing (parseField is synchronous).
  if (all.some((x) => x.typed && /=@-$/.test(x.s))) await stdin.read();
  // parseField is synchronous: the @file fields are found by a first pass, then read (bounded) before parsing.
  const files = new Map<string, string>();
  const note = (name: string) => {
    files.set(name, '');
    return '';
  };
  for (const x of all) fields.parseField(x.s, x.typed, note);
  files.delete('-');
  for (const name of files.keys()) files.set(name, await readBodySource(f, name, `-F @${name}`));
  const readFile = (name: string): string => (name === '-' ? stdin.text() : (files.get(name) ?? ''));
  return all.map((x) => fields.parseField(x.s, x.typed, readFile));
}

/** --input's JSON body (nothing for an empty one); only for methods that take a body. */
async function inputBody(f: Factory, method: ApiMethod, input: string, stdin: ReturnType<typeof stdinReader>) {
  if (method === 'GET' || method === 'DELETE')
    throw new UsageError(`--input sends a request body, which ${method} does not take`, {
      hints: ['Use POST, PUT or PATCH, or -F fields as query parameters.'],
    });
  const text = input === '-' ? await stdin.read() : await readBodySource(f, input, `--input ${input}`);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new UsageError(`--input ${input === '-' ? '(stdin)' : input} is not valid JSON: ${(err as Error).message}`, {
      hints: ['The API takes JSON request bodies.'],
    });
  }
}

/** --max-body in MiB as bytes. */
function maxBodyOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mib = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(mib > 0 && mib <= MAX_BODY_MIB_CEILING))
    throw new UsageError(
      `--max-body: must be a number of MiB above 0 and at most ${MAX_BODY_MIB_CEILING} (got "${value}")`,
    );
  return Math.floor(mib * 1024 * 1024);
}

/** Turns what the user typed into the request, rejecting anything wrong before a byte is sent. */
async function resolveApiOptions(f: Factory, methodArg: string, pathArg: string, raw: ApiFlags): Promise<ApiOptions> {
  const method = methodArg.toUpperCase() as ApiMethod;
  if (!API_METHODS.includes(method))
    throw new UsageError(`unknown method "${methodArg}"`, { hints: [`Use one of ${API_METHODS.join(', ')}.`] });
  const full = fields.checkApiPath(pathArg);
  const q = full.indexOf('?');
  const path = q < 0 ? full : full.slice(0, q);
  const query: [string, string][] = q < 0 ? [] : [...new URLSearchParams(full.slice(q + 1))];
  const stdin = stdinReader(f);
  const parsed = await parseFields(f, raw, stdin);
  let body: unknown;
  if (raw.input !== undefined) {
    body = await inputBody(f, method, raw.input, stdin);
    // With a body from --input, fields go to the query string (as gh api does).
    setQuery(query, fields.toQuery(parsed));
  } else if (method === 'GET' || method === 'DELETE') setQuery(query, fields.toQuery(parsed));
  else if (parsed.length > 0) body = fields.buildObject(parsed);
  if (raw.paginate && method !== 'GET') throw new UsageError('--paginate works only with GET');
  return { method, path, query, body, paginate: Boolean(raw.paginate), maxBodyBytes: maxBodyOf(raw.maxBody) };
}

/** Adds the fields' parameters; a field replaces a parameter of the same name written in the path. */
function setQuery(query: [string, string][], added: [string, string][]): void {
  const names = new Set(added.map(([k]) => k));
  const kept = query.filter(([k]) => !names.has(k));
  query.splice(0, query.length, ...kept, ...added);
}

function withQuery(path: string, query: [string, string][]): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** --paginate: every page's records, one line each; a walk cut short says where to read on. */
async function apiPaginate(f: Factory, client: ApiClient, opts: ApiOptions): Promise<void> {
  // page and limit belong to the walk: the user's limit sets the page size, their page is ignored.
  const userLimit = opts.query.find(([k]) => k === 'limit')?.[1];
  if (opts.query.some(([k]) => k === 'page'))
    f.log.warn('note: --paginate starts at page 1 and walks every page; the page parameter was ignored');
  const rest = opts.query.filter(([k]) => k !== 'page' && k !== 'limit');
  const limit = userLimit !== undefined && /^\d+$/.test(userLimit) ? Number(userLimit) : PAGINATION.maxLimit;
  const out = f.output();
  // The pages printed (as asked for, not as the service numbers them), for the command that reads on.
  let done = 0;
  let total: number | undefined;
  try {
    for await (const page of paginate(client, z.unknown(), {
      path: withQuery(opts.path, rest),
      limit,
      signal: f.signal,
      maxPages: maxPagesFrom(f.env),
    })) {
      total ??= page.pagination?.totalPages;
      // --jq runs on each record, as `| jq` does on the lines printed without it.
      if (out.jq !== undefined) await printJqEach(f.io, out, page.records);
      else await printLines(f, page.records, out.quiet);
      done = page.number;
    }
  } catch (err) {
    if (err instanceof CliError && done > 0 && total !== undefined && done < total) {
      const next = withQuery(opts.path, [...rest, ['page', String(done + 1)], ['limit', String(limit)]]);
      err.hints.push(
        `Printed pages 1 to ${done} of ${total}. The next one: ${f.commandLine.invocation()} api GET ${shellWord(next)} (--paginate always starts at page 1)`,
      );
    }
    if (err instanceof MalformedResponseError && /\bdata\b/.test(err.message)) {
      throw new MalformedResponseError(
        `--paginate needs a list endpoint: GET ${opts.path} did not answer a list (a "data" array with pagination)`,
        { hints: ['Leave out --paginate to print this response as it is.'] },
      );
    }
    throw err;
  }
}

/**
 * The body as text: with --jq, through the program; on a terminal, pretty JSON (its strings' DEL, C1 and bidi
 * controls as \u escapes, the same JSON) or text made safe (src/io/safe.ts); piped, the body exactly as it came,
 * ending with a newline so that `wc -l`, `while read` and the next prompt behave.
 */
async function printBody(f: Factory, text: string): Promise<void> {
  const out = f.output();
  if (out.jq !== undefined) return printJqText(f.io, out, text);
  // output: raw by design (`api` piped prints the body byte for byte, redacted); a terminal gets the safe form below.
  if (!f.io.stdoutIsTTY) return write(f.io.out, text.endsWith('\n') ? text : `${text}\n`);
  let pretty: string;
  try {
    pretty = jsonForTerminal(JSON.stringify(JSON.parse(text), null, 2));
  } catch {
    pretty = terminalSafe(text, { keepNewlines: true });
  }
  // output: made safe above (jsonForTerminal or terminalSafe).
  await write(f.io.out, pretty.endsWith('\n') ? pretty : `${pretty}\n`);
}

async function apiRun(f: Factory, opts: ApiOptions): Promise<void> {
  const client = await f.client();
  if (opts.paginate) return apiPaginate(f, client, opts);
  // read: the whole body arrives before anything is printed, and a GET cut halfway is retried.
  const res = await client.raw({
    method: opts.method,
    path: withQuery(opts.path, opts.query),
    body: opts.body,
    signal: f.signal,
    read: true,
    maxBodyBytes: opts.maxBodyBytes,
  });
  if ((res.text ?? '') === '') return;
  // A service may echo the key in the body: it is redacted, and the rest left byte for byte (docs/security.md).
  await printBody(f, redactBody(res.text ?? '', f.log.redact));
}

/** --paginate's records, one JSON line each (or their ids, -q). */
async function printLines(f: Factory, records: unknown[], quiet: boolean): Promise<void> {
  const screen = (line: string, text: boolean) => (text ? terminalSafe(line) : jsonForTerminal(line));
  for (const record of records) {
    const id =
      quiet && record !== null && typeof record === 'object' ? (record as Record<string, unknown>).id : undefined;
    // A service may echo the key in a record: every string is redacted (README "Security").
    const line = quiet
      ? id === undefined
        ? ''
        : f.log.redact(String(id))
      : JSON.stringify(redactData(record, f.log.redact));
    // output: safe on a terminal (screen), raw JSON lines piped.
    await write(f.io.out, `${f.io.stdoutIsTTY ? screen(line, quiet) : line}\n`);
  }
}

/** The request as typed, resolved and sent. */
export async function run(f: Factory, opts: ApiFlags): Promise<void> {
  await apiRun(f, await resolveApiOptions(f, opts.method, opts.path, opts));
}
