// Settings of the sandbox: how fast things happen and which failures to provoke. Tests set them;
// `voicectl sandbox` and --sandbox use the defaults, slow enough to watch a spinner.
import * as z from 'zod/mini';
import { CALL_OUTCOMES } from '../facts.js';
// English messages for the rules without a message of their own (zod/mini loads no locale).
import '../schemas/locale.js';

/** A generation's time in the queue and in processing, and the dialer's speed, when nothing sets them. */
export const SETTINGS_DEFAULTS = { ttsQueueMs: 1000, ttsProcessMs: 2500, timeScale: 60 } as const;

export const SandboxSettings = z.object({
  /** Milliseconds a generation stays queued before processing starts. */
  ttsQueueMs: z._default(z.number().check(z.minimum(0)), SETTINGS_DEFAULTS.ttsQueueMs),
  /** Milliseconds of processing before a generation completes. */
  ttsProcessMs: z._default(z.number().check(z.minimum(0)), SETTINGS_DEFAULTS.ttsProcessMs),
  /** Failure to provoke in generations: worker_unavailable at creation, or an errorMessage at processing. */
  ttsFailure: z.optional(z.string()),
  /** Origin of audioUrl (a storage host, as real services use); default: the origin the client called. */
  audioBaseUrl: z.optional(z.string()),
  /** Simulated seconds of the dialer per real second (time scale of campaigns). */
  timeScale: z._default(z.number().check(z.positive()), SETTINGS_DEFAULTS.timeScale),
  /** Seed of deterministic outcomes (call results). */
  seed: z._default(z.int(), 42),
  /** Outbound lines of an organization: the dialer's concurrency when a campaign sets no maxConcurrency. */
  dialerLines: z._default(z.int().check(z.positive()), 5),
  /** Forces every campaign call to this outcome (tests); otherwise outcomes come from `seed`. */
  dialerOutcome: z.optional(z.enum(CALL_OUTCOMES)),
  /** Relative weights of the seeded outcomes (a scenario's `outcomes`); absent: 45/25/10/10/10. */
  outcomeWeights: z.optional(z.partialRecord(z.enum(CALL_OUTCOMES), z.number().check(z.minimum(0)))),
  /** Share of calls not answered, 0 to 1 (a scenario's `failureRate`): the other outcomes share it by weight. */
  failureRate: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  /** Every call to one of these numbers ends with its outcome (a scenario's `numbers`). */
  outcomesByNumber: z.optional(z.record(z.string(), z.enum(CALL_OUTCOMES))),
  /** enforce: calls only in the campaign's calling window; ignore: at any time (a scenario's `callingWindow`). */
  callingWindow: z._default(z.enum(['enforce', 'ignore']), 'enforce'),
});
export type SandboxSettings = z.infer<typeof SandboxSettings>;

/** An injected fault: tests turn these on to prove the client's behaviour under failure. */
export const Fault = z.object({
  method: z.optional(z.string()),
  /** Applies to paths starting with this. */
  path: z.optional(z.string()),
  status: z.optional(z.int()),
  retryAfter: z.optional(z.string()),
  latencyMs: z.optional(z.number().check(z.minimum(0))),
  /** close: socket closed before a response; cut: body cut halfway; stall: half a body, then nothing (until the client gives up); hang: no answer at all (until the client gives up); not-json; html; missing-data: 200 without data; redirect: `status` (302 by default) to `location`. */
  kind: z.optional(z.enum(['close', 'cut', 'stall', 'hang', 'not-json', 'html', 'missing-data', 'redirect'])),
  /** Location header of a redirect. */
  location: z.optional(z.string()),
  /**
   * Holds each request it applies to until this many are held at once, then answers them together (or after
   * 10 s): proves a client's concurrency without racing a timer against the machine's load.
   */
  gate: z.optional(z.int().check(z.positive())),
  /** How many requests it applies to; unlimited when absent. */
  times: z.optional(z.int().check(z.positive())),
  /** How many matching requests pass untouched before it applies (to break a walk at its 4th page). */
  skip: z.optional(z.int().check(z.minimum(0))),
});
export type Fault = z.infer<typeof Fault>;
