// Redaction of secrets from everything voicectl prints: the API key (whole, or any part of it 8 characters or
// longer, since a server or a proxy may echo a cut of it), Bearer tokens, and the user info of URLs
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

/** Returns a function that replaces every secret (and any part of one of 8 characters or more), Bearer tokens and URL user info. */
export function redactor(secrets: (string | undefined)[]): (s: string) => string {
  const list = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4))];
  // Every 8-character window of every secret: a match starting anywhere is grown to the longest part of that secret.
  const grams = new Map<string, string[]>();
  for (const secret of list) {
    for (let i = 0; i + MIN_SECRET_PART <= secret.length; i++) {
      const g = secret.slice(i, i + MIN_SECRET_PART);
      const owners = grams.get(g);
      if (!owners) grams.set(g, [secret]);
      else if (!owners.includes(secret)) owners.push(secret);
    }
  }
  const short = list.filter((s) => s.length < MIN_SECRET_PART);
  return (s: string) => {
    let out = s;
    for (const secret of short) out = out.split(secret).join(MARK);
    if (grams.size > 0 && out.length >= MIN_SECRET_PART) {
      let result = '';
      let i = 0;
      let copied = 0;
      while (i + MIN_SECRET_PART <= out.length) {
        const owners = grams.get(out.slice(i, i + MIN_SECRET_PART));
        if (!owners) {
          i++;
          continue;
        }
        let end = i + MIN_SECRET_PART;
        for (const secret of owners) {
          let e = end;
          while (e < out.length && secret.includes(out.slice(i, e + 1))) e++;
          end = Math.max(end, e);
        }
        result += out.slice(copied, i) + MARK;
        copied = i = end;
      }
      out = result + out.slice(copied);
    }
    return hideUrlCredentials(out).replace(/Bearer\s+(?!\[redacted\])\S+/gi, `Bearer ${MARK}`);
  };
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
