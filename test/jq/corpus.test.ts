// --jq against jq's own behaviour: the expressions of jq's manual (test/jq/corpus.json, with what jq prints for
// them), through the engine voicectl runs, whole and, for programs that start with `.[]`, record by record as a
// streamed list runs them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileJq, JqRuntimeError } from '../../src/io/jq.js';

interface Case {
  section: string;
  program: string;
  input: string;
  output: string;
  error?: string;
}

const corpus: { cases: Case[] } = JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8'));

/** What the engine prints for `c`, and the message it stops with. */
async function outcome(run: () => Promise<{ out: string }>): Promise<{ output: string; error?: string }> {
  try {
    return { output: (await run()).out };
  } catch (e) {
    if (!(e instanceof JqRuntimeError)) throw e;
    return { output: e.printed.out, error: e.message.replace(/^--jq: /, '') };
  }
}

const expected = (c: Case) => (c.error === undefined ? { output: c.output } : { output: c.output, error: c.error });

describe('--jq: the corpus of the jq manual', () => {
  for (const section of new Set(corpus.cases.map((c) => c.section))) {
    it(section, async () => {
      for (const c of corpus.cases.filter((x) => x.section === section)) {
        const filter = await compileJq(c.program, { pretty: false });
        expect(await outcome(() => filter.apply(c.input)), `${c.program} on ${c.input}`).toEqual(expected(c));
      }
    });
  }

  it('a program that starts with .[] gives the same outputs record by record', async () => {
    const streamed = corpus.cases.filter((c) => /^\s*\.\[\]/.test(c.program) && c.input.trim().startsWith('['));
    expect(streamed.length).toBeGreaterThan(8);
    for (const c of streamed) {
      const filter = await compileJq(c.program, { pretty: false });
      if (filter.each === undefined) continue; // `.[] == 1` and the like: the whole list
      const records = (JSON.parse(c.input) as unknown[]).map((r) => JSON.stringify(r));
      // Two chunks, as pages arrive: the first error stops the rest.
      const half = Math.ceil(records.length / 2);
      let before = '';
      const got = await outcome(async () => {
        before = (await filter.applyEach(records.slice(0, half))).out;
        return { out: before + (await filter.applyEach(records.slice(half))).out };
      });
      if (got.error !== undefined && !got.output.startsWith(before)) got.output = before + got.output;
      expect(got, c.program).toEqual(expected(c));
    }
  });

  it('prints indented JSON on a terminal, as jq does without -c; strings stay raw', async () => {
    const filter = await compileJq('.[0], .[1]', { pretty: true });
    expect((await filter.apply('[{"a":[1]},"x"]')).out).toBe('{\n  "a": [\n    1\n  ]\n}\nx\n');
  });

  it("keeps jq's debug messages apart from its output", async () => {
    const filter = await compileJq('debug | .a', { pretty: false });
    const r = await filter.apply('{"a":1}');
    expect(r.out).toBe('1\n');
    expect(r.err).toContain('["DEBUG:",{"a":1}]');
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('refuses an expression jq does not compile, with its message', async () => {
    await expect(compileJq('.[] | select(.status ==', { pretty: false })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^--jq: syntax error, unexpected end of file/),
    });
    await expect(compileJq('map(nosuchfunction)', { pretty: false })).rejects.toMatchObject({
      message: '--jq: nosuchfunction/0 is not defined at <top-level>, line 1:',
    });
  });
});

describe('--jq: the output of one run is bounded', () => {
  it('up to the bound (each output and its newline counted) is printed; one byte more stops it, with what came before', async () => {
    // "aaaa\n" is 5 bytes, 123 (compact JSON) and its newline 4: 9 in all.
    const filter = await compileJq('"aaaa", 123', { pretty: false, maxOutputBytes: 9 });
    expect(await outcome(() => filter.apply('null'))).toEqual({ output: 'aaaa\n123\n' });
    const tight = await compileJq('"aaaa", 123', { pretty: false, maxOutputBytes: 8 });
    expect(await outcome(() => tight.apply('null'))).toEqual({
      output: 'aaaa\n',
      error: 'the output is over 8 bytes, the most one --jq run prints; select less (.[:100], first(f), limit(n; f))',
    });
    // Record by record too, and a program that never ends is stopped by the bound.
    const each = await compileJq('.[] | .x', { pretty: false, maxOutputBytes: 4 });
    expect(await outcome(() => each.applyEach(['{"x":"ab"}', '{"x":"cd"}']))).toMatchObject({ output: 'ab\n' });
    const endless = await compileJq('repeat("x")', { pretty: false, maxOutputBytes: 1000 });
    expect((await outcome(() => endless.apply('null'))).error).toMatch(/^the output is over 1000 bytes/);
  });
});
