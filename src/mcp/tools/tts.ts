// The text-to-speech tools (reference 2.1, 2.2, 4.1-4.3, 8) and the voice catalog.
import * as z from 'zod/mini';
import { ApiError, JobFailedError, NotReadyError, UsageError, WaitTimeoutError } from '../../errors.js';
import { envelope } from '../../schemas/common.js';
import { TOKENS_PER_100_CHARACTERS, TTS_POLL, TtsCreated, TtsGeneration, tokenCost } from '../../schemas/tts.js';
import { filterVoices } from '../../schemas/voices.js';
import { toolShape } from '../../commands/define.js';
import { createCommand } from '../../commands/tts/create.js';
import { downloadCommand } from '../../commands/tts/download.js';
import { getCommand } from '../../commands/tts/get.js';
import { listCommand } from '../../commands/tts/list.js';
import { waitCommand } from '../../commands/tts/wait.js';
import { listCommand as voicesListCommand } from '../../commands/voices/list.js';
import { explainFailure } from '../../tts/failures.js';
import { chargeableCharacters } from '../session.js';
import { folderOf, listPage, type Rec, tool, type Tool } from '../tool.js';

function withExplanation(g: TtsGeneration): Rec {
  if (g.status !== 'failed') return g;
  const info = explainFailure(g.errorMessage);
  return { ...g, failure: { meaning: info.meaning, retryable: info.retryable ?? null, next: info.next } };
}

export const TTS_TOOLS: Tool[] = [
  tool({
    name: 'tts_create',
    description: `Queue speech from text; poll it with tts_wait. ${TOKENS_PER_100_CHARACTERS} tokens per 100 characters, within the session's cap.`,
    input: z.object(toolShape(createCommand)),
    write: true,
    untrusted: ['id', 'status'],
    async run(ctx, args) {
      // Parsed by the tool's schema: the voice in its canonical spelling, the language code in lower case.
      const body = args;
      const cost = tokenCost(chargeableCharacters(body.text));
      ctx.budget.reserve(cost);
      let res;
      try {
        const client = await ctx.f.client();
        res = await client.json({ method: 'POST', path: '/v1/tts', body, signal: ctx.f.signal }, envelope(TtsCreated));
      } catch (err) {
        // Refused by the service (a 4xx): nothing was queued, so nothing is counted. Anything else may have been.
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) ctx.budget.release(cost);
        throw err;
      }
      // The service's count is what it charges: the cap settles on it (the reservation was the most it could be).
      const counted = res.body.data.characterCount;
      const charged = typeof counted === 'number' && counted >= 0 ? tokenCost(counted) : cost;
      ctx.budget.settle(cost, charged);
      return {
        ...res.body.data,
        tokenCost: charged,
        session: { spentTokens: ctx.budget.spent, capTokens: ctx.budget.cap, remainingTokens: ctx.budget.remaining },
        requestId: res.requestId ?? null,
      };
    },
  }),
  tool({
    name: 'tts_get',
    description: 'One generation; for a failed one, what its error means.',
    input: z.object(toolShape(getCommand)),
    untrusted: ['text', 'errorMessage', 'audioUrl', 'failure'],
    async run(ctx, args) {
      const { fetchGeneration } = await import('../../tts/wait.js');
      return withExplanation(await fetchGeneration(await ctx.f.client(), args.id, ctx.f.signal));
    },
  }),
  tool({
    name: 'tts_list',
    description: 'One page of generations, newest first.',
    input: z.object(toolShape(listCommand)),
    untrusted: ['records[].text', 'records[].errorMessage', 'records[].audioUrl'],
    async run(ctx, args) {
      return listPage(ctx, '/v1/tts', TtsGeneration, args);
    },
  }),
  tool({
    name: 'tts_wait',
    description: 'Wait up to timeoutSeconds for generations to finish; pending: call again.',
    input: z.object(toolShape(waitCommand)),
    untrusted: ['records[].text', 'records[].errorMessage', 'records[].audioUrl', 'records[].failure'],
    async run(ctx, args) {
      const [{ waitForGenerations, recordsOf }, { intervalMs }] = await Promise.all([
        import('../../tts/wait.js'),
        import('../../commands/tts/common.js'),
      ]);
      let records: TtsGeneration[];
      let pending: string[] = [];
      try {
        records = await waitForGenerations(ctx.f, args.ids, {
          intervalMs: intervalMs(ctx.f, TTS_POLL.defaultIntervalSeconds),
          timeoutMs: args.timeoutSeconds * 1000,
        });
      } catch (err) {
        // A wait that ran out or a generation that failed is an answer, not an error of the tool.
        if (!(err instanceof WaitTimeoutError || err instanceof JobFailedError)) throw err;
        records = recordsOf(err) ?? [];
        pending = (err as { pending?: string[] }).pending ?? [];
      }
      return { done: pending.length === 0, pending, records: records.map(withExplanation) };
    },
  }),
  tool({
    name: 'tts_download',
    description: "Save a completed generation's audio to a new file in the server's folder.",
    input: z.object(toolShape(downloadCommand)),
    write: true,
    files: true,
    untrusted: ['contentType'],
    async run(ctx, args) {
      const [{ fetchGeneration }, { downloadAudio }] = await Promise.all([
        import('../../tts/wait.js'),
        import('../../tts/download.js'),
      ]);
      const folder = folderOf(ctx, 'file');
      const g = await fetchGeneration(await ctx.f.client(), args.id, ctx.f.signal);
      let saved;
      try {
        saved = await downloadAudio(ctx.f, g, {
          out: args.file,
          force: false,
          create: (name) => folder.create(name, 'file'),
        });
      } catch (err) {
        // The command's hints name its flags (--force, --wait); a tool has other ways out.
        if (err instanceof UsageError) err.hints = ['An existing file is never replaced: pass another file name.'];
        else if (err instanceof NotReadyError) err.hints = ['Wait for it with tts_wait, then download it.'];
        throw err;
      }
      return { id: saved.id, file: saved.file, bytes: saved.bytes, contentType: saved.contentType };
    },
  }),
  tool({
    name: 'voices_list',
    description: 'The built-in voices (offline).',
    input: z.object(toolShape(voicesListCommand)),
    local: true,
    async run(_ctx, args) {
      return { voices: filterVoices(args) };
    },
  }),
];
