// Redaction of secrets from everything voicectl prints: the API key (whole, or any distinctive part of it 8 characters
// or longer, since a server or a proxy may echo a cut of it), Bearer tokens, and the user info of URLs
// (https://user:password@host), wherever they appear: messages, error fields, hints, debug lines.

/** Parts of a secret shorter than this are not redacted: they would match ordinary words. */
const MIN_SECRET_PART = 8;

const MARK = '[redacted]';
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;

/**
 * A URL with its user info (https://user:password@host) replaced by [redacted], for every place that shows a base
 * URL (profiles list and show, auth status, profiles add): the one way such a URL is printed.
 */
export function hideUrlCredentials(url: string): string {
  return url.replace(USERINFO, `$1${MARK}@`);
}

/** The password and user of a URL-like value (a base URL, a proxy variable), as secrets to redact. */
export function urlSecrets(value: string | undefined): string[] {
  if (!value) return [];
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^\s/?#@]*)@/i.exec(value);
  if (!m) return [];
  return m[1]
    .split(':')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .filter((s) => s.length > 0);
}

/**
 * A window of a secret that cannot be ordinary data: it mixes letters, digits and symbols. Eight digits of a key also
 * occur in phone numbers and ids, eight letters in words: cutting those out damaged data the user had to approve.
 */
function distinctive(window: string): boolean {
  const classes = Number(/\p{L}/u.test(window)) + Number(/\p{N}/u.test(window)) + Number(/[^\p{L}\p{N}]/u.test(window));
  return classes >= 2;
}

/** Invisible format characters (zero-width spaces, joiners, tags): a key split by them is still the key. */
const INVISIBLE = /\p{Cf}/gu;

/** The text without its invisible characters, and where each remaining code unit was. */
function visibleOnly(s: string): { text: string; at: number[] } {
  const at: number[] = [];
  let text = '';
  for (let i = 0; i < s.length; i++) {
    const cp = s.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    const ch = s.slice(i, i + len);
    if (!/\p{Cf}/u.test(ch)) {
      for (let k = 0; k < len; k++) at.push(i + k);
      text += ch;
    }
    i += len - 1;
  }
  return { text, at };
}

/**
 * Returns a function that replaces every secret, any distinctive part of one of 8 characters or more (see
 * distinctive), Bearer tokens and URL user info. Invisible characters inside a secret do not hide it.
 */
export function redactor(secrets: (string | undefined)[]): (s: string) => string {
  const list = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4))];
  // Every distinctive 8-character window of every secret: a match starting anywhere is grown to the longest part of
  // that secret.
  const grams = new Map<string, string[]>();
  for (const secret of list) {
    for (let i = 0; i + MIN_SECRET_PART <= secret.length; i++) {
      const g = secret.slice(i, i + MIN_SECRET_PART);
      if (!distinctive(g)) continue;
      const owners = grams.get(g);
      if (!owners) grams.set(g, [secret]);
      else if (!owners.includes(secret)) owners.push(secret);
    }
  }
  const ranges = (text: string): [number, number][] => {
    const out: [number, number][] = [];
    for (const secret of list)
      for (let i = text.indexOf(secret); i >= 0; i = text.indexOf(secret, i + secret.length))
        out.push([i, i + secret.length]);
    for (let i = 0; i + MIN_SECRET_PART <= text.length; i++) {
      const owners = grams.get(text.slice(i, i + MIN_SECRET_PART));
      if (!owners) continue;
      let end = i + MIN_SECRET_PART;
      for (const secret of owners) {
        let e = end;
        while (e < text.length && secret.includes(text.slice(i, e + 1))) e++;
        end = Math.max(end, e);
      }
      out.push([i, end]);
      i = end - 1;
    }
    return merge(out);
  };
  return (s: string) => {
    let out = s;
    if (list.length) {
      const invisible = INVISIBLE.test(s);
      INVISIBLE.lastIndex = 0;
      const { text, at } = invisible ? visibleOnly(s) : { text: s, at: undefined };
      const found = ranges(text);
      if (found.length) {
        let result = '';
        let copied = 0;
        for (const [a, b] of found) {
          const from = at ? at[a] : a;
          const to = at ? at[b - 1] + 1 : b;
          result += s.slice(copied, from) + MARK;
          copied = to;
        }
        out = result + s.slice(copied);
      }
    }
    return hideUrlCredentials(out).replace(/Bearer\s+(?!\[redacted\])\S+/gi, `Bearer ${MARK}`);
  };
}

/** Ranges sorted and joined where they overlap or touch. */
function merge(ranges: [number, number][]): [number, number][] {
  ranges.sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r[0] < last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** Last four characters, for `profiles list`. */
export function maskKey(key: string): string {
  return key.length <= 4 ? '****' : `****${key.slice(-4)}`;
}

/**
 * A value from the service with `redact` applied to every string in it, keys included: records are printed as
 * data (JSON, ndjson, CSV) and a service may echo the key in any field. Redacting the values, not the JSON text,
 * keeps the output valid (the Bearer rule would run past a closing quote).
 */
export function redactData(value: unknown, redact: (s: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactData(v, redact));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redact(k)] = redactData(v, redact);
    return out;
  }
  return value;
}

/**
 * A response body as text with every secret redacted and nothing else changed, byte for byte: in JSON, only a
 * string literal that holds a secret is rewritten (as the JSON of its redacted value, so the body stays valid
 * JSON, whatever escapes the literal used); any other text is redacted as text.
 */
export function redactBody(text: string, redact: (s: string) => string): string {
  try {
    JSON.parse(text);
  } catch {
    return redact(text);
  }
  return text.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => {
    const value = JSON.parse(literal) as string;
    const clean = redact(value);
    return clean === value ? literal : JSON.stringify(clean);
  });
}
