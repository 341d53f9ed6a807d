// A flag reaches an MCP tool only when its declaration says so, and a request body never: bodies are built from
// the API's request schemas. The test adds a flag to a command's declaration as a contributor would (one entry in
// its `flags`), then looks at what a client is offered and what reached the sandbox.
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flag } from '../../src/commands/define.js';
import { sendSmsCommand } from '../../src/commands/messages/send-sms.js';
import { createCommand } from '../../src/commands/tts/create/command.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, startSandbox } from '../helpers/cli.js';
import { startMcp } from './helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const NOTE: Flag = { flag: '--note <text>', help: 'a note for the operations team', schema: z.optional(z.string()) };

/** Runs `work` with `flag` added to the declaration's flags, as `note`; the declaration is restored after. */
async function withNote(flags: Record<string, Flag>, flag: Flag, work: () => Promise<void>): Promise<void> {
  flags.note = flag;
  try {
    await work();
  } finally {
    delete flags.note;
  }
}

const bodies = (path: string) => sandbox.requests('POST', path).map((e) => e.body as Record<string, unknown>);

describe('a flag added to a command', () => {
  it('without `mcp`: the CLI takes it, the tool does not offer it, refuses it, and no body carries it', async () => {
    await withNote(createCommand.flags, NOTE, async () => {
      const before = bodies('/v1/tts').length;
      const r = await cli(['tts', 'create', '--text', 'Hello', '--note', 'for ops'], { sandbox });
      expect(r.code, r.stderr).toBe(0);
      const sent = bodies('/v1/tts').slice(before);
      expect(sent).toEqual([{ text: 'Hello' }]);

      const s = await startMcp(sandbox, ['--allow-write']);
      try {
        const { tools } = await s.client.listTools();
        const tool = tools.find((t) => t.name === 'tts_create')!;
        expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(['text', 'voice', 'language', 'speed']);
        const refused = await s.call('tts_create', { text: 'Hello', note: 'for ops' });
        expect(refused.isError).toBe(true);
        expect(refused.text).toContain('tts_create does not take "note"; nothing was sent');
        expect(bodies('/v1/tts')).toHaveLength(before + 1);
      } finally {
        await s.close();
      }
    });
  });

  it('declared for the tool (`mcp: {}`): the tool offers and takes it, and the body still holds only the API fields', async () => {
    await withNote(createCommand.flags, { ...NOTE, mcp: {} }, async () => {
      const s = await startMcp(sandbox, ['--allow-write']);
      try {
        const { tools } = await s.client.listTools();
        const tool = tools.find((t) => t.name === 'tts_create')!;
        expect(tool.inputSchema.properties).toHaveProperty('note');
        const before = bodies('/v1/tts').length;
        const r = await s.call('tts_create', { text: 'Hello', note: 'for ops' });
        expect(r.isError, r.text).toBe(false);
        expect(bodies('/v1/tts').slice(before)).toEqual([{ text: 'Hello' }]);
      } finally {
        await s.close();
      }
    });
  });

  it('messages send-sms: a new flag never joins the SMS body', async () => {
    await withNote(sendSmsCommand.flags, NOTE, async () => {
      const before = bodies('/v1/messages/sms').length;
      await cli(['messages', 'send-sms', '--to', '+393331234567', '--body', 'Hi', '--note', 'x'], { sandbox });
      expect(bodies('/v1/messages/sms').slice(before)).toEqual([{ to: '+393331234567', body: 'Hi' }]);
    });
  });
});

describe("a tool's call as the command's options (optionsOf)", () => {
  it('a field typed for JSON becomes its flag’s value; every other flag is at its default', async () => {
    const { optionsOf } = await import('../../src/commands/define.js');
    const { waitCommand } = await import('../../src/commands/campaigns/wait.js');
    const opts = optionsOf(waitCommand, { ids: ['cmp_1'], timeoutSeconds: 30, note: 'not a field' }) as Record<
      string,
      unknown
    >;
    expect(opts.ids).toEqual(['cmp_1']);
    // timeoutSeconds 30 is --timeout 30 (30 seconds), as the command line parses it.
    expect(opts.timeout).toMatchObject({ seconds: 30 });
    expect(opts.exitStatus).toBe(false);
    expect(opts.interval).toEqual(z.parse(waitCommand.flags.interval.schema, undefined));
    expect(opts.interval).toBeDefined();
    expect('note' in opts).toBe(false);
  });

  it('a value the field takes and its flag refuses is a declaration bug, said as one', async () => {
    const { optionsOf } = await import('../../src/commands/define.js');
    const { waitCommand } = await import('../../src/commands/campaigns/wait.js');
    expect(() => optionsOf(waitCommand, { ids: ['cmp_1'], timeoutSeconds: 'soon' })).toThrow(/declaration bug/);
  });
});
