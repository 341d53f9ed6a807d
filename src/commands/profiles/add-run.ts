// profiles add: what it runs (the declaration is add.ts).
import { checkBaseUrl } from '../../api/client.js';
import { hideUrlCredentials } from '../../api/redact.js';
import { API_KEY_HINT, apiKeyProblem, keyOutOfArgv, trimApiKey } from '../../config/key.js';
import { getProfile, hasProfile } from '../../config/store.js';
import { DeclinedError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { terminalSafe } from '../../io/safe.js';
import { readAll } from '../../io/stdin.js';
import type { AddOptions } from './add.js';

/** The most --api-key-stdin reads: a key is a line, not a file (`< /dev/zero` stops here, not at the memory's end). */
const MAX_KEY_BYTES = 4096;

async function readStdin(f: Factory): Promise<string> {
  const tooLarge = () =>
    new UsageError(`--api-key-stdin: stdin sent more than ${MAX_KEY_BYTES} bytes: an API key is one short line`);
  return trimApiKey((await readAll(f.io.in, f.signal, { maxBytes: MAX_KEY_BYTES, tooLarge })).toString('utf8'));
}

/** Replacing a stored key cannot be undone: asked on a terminal (default no), --force anywhere else. */
async function confirmReplace(f: Factory, opts: AddOptions, old: string): Promise<void> {
  if (opts.force) return;
  if (!f.io.canPrompt()) {
    throw new UsageError(`profile ${opts.name} exists (${old}); pass --force to replace it`, {
      hints: ['Nothing was changed.'],
    });
  }
  const prompter = await f.prompter();
  if (!(await prompter.confirm(`Replace profile ${opts.name} (${old})?`, false))) {
    throw new DeclinedError(`Nothing was changed: profile ${opts.name} still uses ${old}.`);
  }
}

export async function run(f: Factory, opts: AddOptions): Promise<void> {
  // First of all, before any wait (the lock, "Replace profile ...?"): other local users read a process's arguments.
  if (opts.apiKey !== undefined && opts.apiKey.trim() !== '' && !keyOutOfArgv(opts.apiKey))
    throw new UsageError(
      '--api-key: on this system the key cannot be taken out of the process arguments, where other local users can read it (ps) while the command runs; nothing was written',
      {
        hints: [
          `Give it at the hidden prompt (voicectl profiles add ${shellWord(opts.name)} --base-url ${shellWord(opts.baseUrl)}), or through stdin: printf '%s' "$KEY" | voicectl profiles add ${shellWord(opts.name)} --base-url ${shellWord(opts.baseUrl)} --api-key-stdin`,
        ],
      },
    );
  checkBaseUrl(opts.baseUrl);
  const store = await f.store();
  const before = store.read();
  const existing = getProfile(before, opts.name);
  if (existing) await confirmReplace(f, opts, terminalSafe(hideUrlCredentials(existing.baseUrl)));
  let key = opts.apiKey === undefined ? undefined : trimApiKey(opts.apiKey);
  if (opts.apiKey !== undefined && !key) throw new UsageError('--api-key: must not be empty');
  if (key) {
    f.log.warn('warning: a key given with --api-key stays in your shell history; prefer the prompt or --api-key-stdin');
  } else if (opts.apiKeyStdin) {
    key = await readStdin(f);
    if (!key) throw new UsageError('--api-key-stdin: no key arrived on stdin');
  } else if (f.io.canPrompt()) {
    const prompter = await f.prompter();
    key = trimApiKey(await prompter.password(`API key for ${opts.name}:`));
    if (!key) throw new UsageError('no API key entered');
  } else {
    throw new UsageError('no API key given and no terminal to ask for one', {
      hints: [
        `Pipe it in: printf '%s' "$KEY" | voicectl profiles add ${shellWord(opts.name)} --base-url ${shellWord(opts.baseUrl)} --api-key-stdin`,
      ],
    });
  }
  // Checked before anything is written; the message names the rule, never the key.
  const problem = apiKeyProblem(key);
  if (problem) {
    throw new UsageError(`the API key cannot be stored: ${problem}`, {
      hints: [API_KEY_HINT, 'Nothing was changed.'],
    });
  }
  let existed = false;
  let makeCurrent = false;
  // One change under the store's lock: with several `profiles add` at once, each sees the others' profiles,
  // and only the first one added becomes the default.
  await store.update((data) => {
    existed = hasProfile(data, opts.name);
    makeCurrent = opts.use || !data.current;
    return {
      current: makeCurrent ? opts.name : data.current,
      profiles: { ...data.profiles, [opts.name]: { baseUrl: opts.baseUrl, apiKey: key } },
    };
  });
  f.log.warn(
    `${existed ? 'Updated' : 'Added'} profile ${opts.name} (${hideUrlCredentials(opts.baseUrl)})${makeCurrent ? ', now the default' : ''}. Check it with: voicectl auth status${makeCurrent ? '' : ` --profile ${shellWord(opts.name)}`}`,
  );
}
