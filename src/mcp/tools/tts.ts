// The text-to-speech tools (reference 2.1, 2.2, 4.1-4.3, 8) and the voice catalog.
import * as z from 'zod/mini';
import { ApiError, JobFailedError, NotReadyError, UsageError, WaitTimeoutError } from '../../errors.js';
import { envelope } from '../../schemas/common.js';
import { TTS_STATUSES } from '../../facts.js';
import {
  characterCount,
  TOKENS_PER_100_CHARACTERS,
  TTS_POLL,
  TtsCreated,
  TtsGeneration,
  tokenCost,
} from '../../schemas/tts.js';
import { filterVoices } from '../../schemas/voices.js';
import { toolShape } from '../../commands/define.js';
import { createCommand } from '../../commands/tts/create.js';
import { downloadCommand } from '../../commands/tts/download.js';
import { getCommand } from '../../commands/tts/get.js';
import { listCommand } from '../../commands/tts/list.js';
import { waitCommand } from '../../commands/tts/wait.js';
import { listCommand as voicesListCommand } from '../../commands/voices/list.js';
import { explainFailure } from '../../tts/failures.js';
import { writeTargetInsideDir, listPage, type Rec, tool, type Tool, UNTRUSTED } from '../tool.js';

function withExplanation(g: TtsGeneration): Rec {
  if (g.status !== 'failed') return g;
  const info = explainFailure(g.errorMessage);
  return { ...g, failure: { meaning: info.meaning, retryable: info.retryable ?? null, next: info.next } };
}

const costRule = `${TOKENS_PER_100_CHARACTERS} tokens per 100 characters, rounded up (reference 8)`;

const TtsCreateTool = z.object(toolShape(createCommand));

export const TTS_TOOLS: Tool[] = [
  tool({
    name: 'tts_create',
    title: 'Create a text-to-speech generation (spends tokens)',
    description: `Queue a text-to-speech generation (POST /v1/tts). It costs ${costRule}, deducted when processing begins and refunded if it fails. Refused, with nothing sent, when the cost would pass this session's spending cap (voicectl mcp --max-tokens). Returns id, status, characterCount, cost and what is left of the cap. Poll it with tts_wait.`,
    input: TtsCreateTool,
    write: true,
    async run(ctx, args) {
      // Parsed by the tool's schema: the voice in its canonical spelling, the language code in lower case.
      const body = args;
      const cost = tokenCost(characterCount(body.text));
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
      return {
        ...res.body.data,
        tokenCost: cost,
        session: { spentTokens: ctx.budget.spent, capTokens: ctx.budget.cap, remainingTokens: ctx.budget.remaining },
        requestId: res.requestId ?? null,
      };
    },
  }),
  tool({
    name: 'tts_get',
    title: 'Get a generation',
    description: `One generation (GET /v1/tts/{id}): status (${TTS_STATUSES.join(', ')}), audioUrl when completed, tokenCost, and for a failed one its errorMessage with what it means and whether a retry can help. ${UNTRUSTED}`,
    input: z.object(toolShape(getCommand)),
    async run(ctx, args) {
      const { fetchGeneration } = await import('../../tts/wait.js');
      return withExplanation(await fetchGeneration(await ctx.f.client(), args.id, ctx.f.signal));
    },
  }),
  tool({
    name: 'tts_list',
    title: 'List generations',
    description: `One page of the organization's generations (GET /v1/tts), newest first, with pagination (page, limit, total, totalPages) and nextPage when there is one. ${UNTRUSTED}`,
    input: z.object(toolShape(listCommand)),
    async run(ctx, args) {
      return listPage(ctx, '/v1/tts', TtsGeneration, args);
    },
  }),
  tool({
    name: 'tts_wait',
    title: 'Wait for generations',
    description: `Wait until each generation is completed or failed, polling each every ${TTS_POLL.defaultIntervalSeconds} seconds (the reference asks for 3 to 5), for at most timeoutSeconds. Returns done (all final), the records, the ids still pending (call again to keep waiting) and, for failed ones, what the errorMessage means. ${UNTRUSTED}`,
    input: z.object(toolShape(waitCommand)),
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
    title: 'Download the audio of a generation',
    description:
      "Save the audio of a completed generation to a file inside the server folder (voicectl mcp --dir; default the folder it was started in). An existing file is never replaced; the file appears only when complete. Returns the file's path, size and content type.",
    input: z.object(toolShape(downloadCommand)),
    async run(ctx, args) {
      const [{ fetchGeneration }, { downloadAudio }] = await Promise.all([
        import('../../tts/wait.js'),
        import('../../tts/download.js'),
      ]);
      const out = args.file === undefined ? undefined : await writeTargetInsideDir(ctx.dir, args.file, 'file');
      const g = await fetchGeneration(await ctx.f.client(), args.id, ctx.f.signal);
      let saved;
      try {
        saved = await downloadAudio(ctx.f, g, { out, force: false, dir: ctx.dir });
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
    title: 'List the built-in voices',
    description:
      'The 29 built-in voices of the reference (2.2), offline: alias, gender (not stated for the Italian custom voices: null), language, accent and description. A voice ID of exactly 20 letters and digits from the organization library also works in tts_create.',
    input: z.object(toolShape(voicesListCommand)),
    async run(_ctx, args) {
      return { voices: filterVoices(args) };
    },
  }),
];
