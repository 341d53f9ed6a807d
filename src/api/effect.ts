// What the service has already done in this run: the last request that changed something (POST, PUT, PATCH,
// DELETE) and succeeded. Recorded by the client, the one place that knows; read when the output then fails
// (`> /dev/full`, a full disk under --out), so that the error says the campaign or the SMS exists and a script
// does not run the command again and create, send or charge twice.
import { shellWord } from '../io/shell.js';
import { truncate } from '../io/format.js';
import { terminalSafe } from '../io/safe.js';

export interface Effect {
  method: string;
  path: string;
  status: number;
  /** The `id` of the response's data (or of the body), when it has one. */
  id?: string;
  requestId?: string;
}

/** One run's record, shared by its client and whoever reports its errors (run(), bin/voicectl.js). */
export interface Effects {
  last?: Effect;
  /** `voicectl` with the flags that chose the service (--sandbox, --profile), for the command in the note. */
  invocation?: string;
}

/** Longest id or requestId quoted from the service: a hostile answer cannot fill the screen. */
const MAX_QUOTED = 128;

function quoted(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v);
  if (s === '') return undefined;
  return truncate(s, MAX_QUOTED);
}

/** The id in a response body: `data.id`, else a top-level `id`. */
function idIn(text: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as { data?: { id?: unknown }; id?: unknown } | null;
    const data = body && typeof body === 'object' ? body.data : undefined;
    return quoted(data && typeof data === 'object' && !Array.isArray(data) ? data.id : body?.id);
  } catch {
    return undefined;
  }
}

/** Records a 2xx to a request that changes something; a GET changes nothing and is not recorded. */
export function recordEffect(
  effects: Effects | undefined,
  req: { method: string; path: string },
  res: { status: number; requestId?: string; text?: string },
  redact: (s: string) => string,
): void {
  if (!effects || req.method === 'GET') return;
  const id = idIn(res.text);
  const requestId = quoted(res.requestId);
  effects.last = {
    method: req.method,
    path: redact(req.path),
    status: res.status,
    ...(id === undefined ? {} : { id: redact(id) }),
    ...(requestId === undefined ? {} : { requestId: redact(requestId) }),
  };
}

/** The command that shows what the request made or changed, when there is one. */
function seeCommand(e: Effect, invocation: string): string | undefined {
  const id = e.id ?? /^\/v1\/(?:campaigns|tts)\/([^/]+)/.exec(e.path)?.[1];
  if (e.path.startsWith('/v1/campaigns')) return id ? `${invocation} campaigns show ${shellWord(id)}` : undefined;
  if (e.path.startsWith('/v1/tts')) return id ? `${invocation} tts get ${shellWord(id)}` : undefined;
  if (e.path.startsWith('/v1/messages')) return `${invocation} messages list`;
  if (e.path.startsWith('/v1/calls')) return `${invocation} calls list`;
  return undefined;
}

/**
 * The note printed after an output error, made safe for a terminal (the path, id and requestId came from the
 * service or the user): empty when nothing was changed.
 */
export function effectNote(effects: Effects | undefined): string[] {
  const e = effects?.last;
  if (!e) return [];
  // A POST to a collection whose answer names a new id created it; anything else changed what the path names.
  const created = e.method === 'POST' && e.id !== undefined && !e.path.split('/').includes(encodeURIComponent(e.id));
  const what = created ? `created ${e.id}` : `answered ${e.status}${e.id ? ` for ${e.id}` : ''}`;
  const details = [created ? `HTTP ${e.status}` : undefined, e.requestId ? `requestId ${e.requestId}` : undefined]
    .filter(Boolean)
    .join(', ');
  const see = seeCommand(e, effects?.invocation ?? 'voicectl');
  const again = created
    ? 'Running the command again would create another one'
    : 'Running the command again would repeat it';
  return [
    `note: the request succeeded before that: ${e.method} ${e.path} ${what}${details ? ` (${details})` : ''}.`,
    `  ${again}${see ? `; see it with \`${see}\`` : ''}.`,
  ].map((l) => terminalSafe(l));
}

/** The effect for the --json error object, or null. */
export function effectJson(effects: Effects | undefined): Effect | null {
  return effects?.last ? { ...effects.last } : null;
}
