// Settings of the sandbox: how fast things happen and which failures to provoke. Tests set them;
// `voicectl sandbox` and --sandbox use the defaults, slow enough to watch a spinner.
import * as z from 'zod';
import { CALL_OUTCOMES } from '../facts.js';

export const SandboxSettings = z.object({
  /** Milliseconds a generation stays queued before processing starts. */
  ttsQueueMs: z.number().min(0).default(1000),
  /** Milliseconds of processing before a generation completes. */
  ttsProcessMs: z.number().min(0).default(2500),
  /** Failure to provoke in generations: worker_unavailable at creation, or an errorMessage at processing. */
  ttsFailure: z.string().optional(),
  /** Origin of audioUrl (a storage host, as real services use); default: the origin the client called. */
  audioBaseUrl: z.string().optional(),
  /** Simulated seconds of the dialer per real second (time scale of campaigns). */
  timeScale: z.number().positive().default(60),
  /** Seed of deterministic outcomes (call results). */
  seed: z.number().int().default(42),
  /** Outbound lines of an organization: the dialer's concurrency when a campaign sets no maxConcurrency. */
  dialerLines: z.number().int().positive().default(5),
  /** Forces every campaign call to this outcome (tests); otherwise outcomes come from `seed`. */
  dialerOutcome: z.enum(CALL_OUTCOMES).optional(),
});
export type SandboxSettings = z.infer<typeof SandboxSettings>;

/** An injected fault: tests turn these on to prove the client's behaviour under failure. */
export const Fault = z.object({
  method: z.string().optional(),
  /** Applies to paths starting with this. */
  path: z.string().optional(),
  status: z.number().int().optional(),
  retryAfter: z.string().optional(),
  latencyMs: z.number().min(0).optional(),
  /** close: socket closed before a response; cut: body cut halfway; stall: half a body, then nothing (until the client gives up); hang: no answer at all (until the client gives up); not-json; html; missing-data: 200 without data; redirect: `status` (302 by default) to `location`. */
  kind: z.enum(['close', 'cut', 'stall', 'hang', 'not-json', 'html', 'missing-data', 'redirect']).optional(),
  /** Location header of a redirect. */
  location: z.string().optional(),
  /**
   * Holds each request it applies to until this many are held at once, then answers them together (or after
   * 10 s): proves a client's concurrency without racing a timer against the machine's load.
   */
  gate: z.number().int().positive().optional(),
  /** How many requests it applies to; unlimited when absent. */
  times: z.number().int().positive().optional(),
  /** How many matching requests pass untouched before it applies (to break a walk at its 4th page). */
  skip: z.number().int().min(0).optional(),
});
export type Fault = z.infer<typeof Fault>;
