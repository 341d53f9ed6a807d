// Reading error bodies leniently: the reference does not show their shape, so any of
// {error:{code,message}}, {error:"..."}, {code,message}, {message}, plain text or an HTML page gives a message.
import { findEndpoint } from '../schemas/endpoints.js';

export interface ParsedErrorBody {
  code?: string;
  message?: string;
  requestId?: string;
  details?: { field: string; message: string }[];
}

/** What the service says is shown up to 200 characters: past that, cut with an ellipsis and the full length said. */
const MAX_SAID = 200;
const MAX_DETAILS = 20;

/** `text` up to `max` characters, or cut there with "… (N characters)". */
export function capText(text: string, max = MAX_SAID): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length.toLocaleString('en-US')} characters)` : text;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? capText(v) : undefined);

/** The field errors of a body, each capped, at most MAX_DETAILS of them (then how many more there were). */
function detailsOf(v: unknown): ParsedErrorBody['details'] {
  if (!Array.isArray(v)) return undefined;
  const all = v.filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object');
  const shown = all.slice(0, MAX_DETAILS).map((d) => ({
    field: capText(String(d.field ?? '')),
    message: capText(String(d.message ?? '')),
  }));
  if (all.length > MAX_DETAILS)
    shown.push({ field: '…', message: `and ${(all.length - MAX_DETAILS).toLocaleString('en-US')} more details` });
  return shown;
}

export function parseErrorBody(text: string, contentType = ''): ParsedErrorBody {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || contentType.includes('json')) {
    try {
      const body = JSON.parse(trimmed) as Record<string, unknown>;
      const err = body.error;
      const requestId = str(body.requestId) ?? str(body.request_id);
      if (err && typeof err === 'object') {
        const e = err as Record<string, unknown>;
        const details = detailsOf(e.details);
        return { code: str(e.code), message: str(e.message), requestId: requestId ?? str(e.requestId), details };
      }
      if (typeof err === 'string') return { code: str(body.code), message: str(err), requestId };
      return { code: str(body.code), message: str(body.message) ?? str(body.detail), requestId };
    } catch {
      // not JSON after all: fall through to text
    }
  }
  if (/^<(!doctype|html)/i.test(trimmed)) {
    const heading = (tag: string) =>
      new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'i')
        .exec(trimmed)?.[1]
        ?.replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    const title = heading('title') || heading('h1');
    return { message: title ? `HTML page: ${capText(title)}` : 'an HTML page instead of JSON' };
  }
  const firstLine = trimmed.split('\n')[0];
  return { message: firstLine ? capText(firstLine) : undefined };
}

export function excerpt(text: string, max = 120): string {
  // Not \s alone nor trim(): both take U+FEFF (a byte order mark) for a space, and it must stay visible.
  const flat = text.replace(/[^\S\ufeff]+/g, ' ').replace(/^ | $/g, '');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * A hint for the statuses where a next step is obvious. `invocation`: `voicectl` with the flags that chose the
 * service (--sandbox, --profile), so that `auth status` checks the key that was refused.
 */
export function hintsFor(status: number, method: string, path: string, invocation = 'voicectl'): string[] {
  if (status === 401) {
    return [
      `The API key was missing or not accepted. Set VOICECTL_API_KEY, or run \`voicectl profiles add <name>\`, then \`${invocation} auth status\` to check it.`,
    ];
  }
  if (status === 403) {
    const ep = findEndpoint(method, path);
    return [
      ep
        ? `${method} ${ep.path} needs the scope ${ep.scope}; use a key that has it (\`${invocation} auth status\` lists what yours can reach).`
        : `The key lacks the scope this endpoint needs; \`${invocation} auth status\` lists what it can reach.`,
    ];
  }
  if (status === 429) return ['The service is rate limiting this key; wait a little and try again.'];
  return [];
}
