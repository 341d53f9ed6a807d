// Text from outside reaches a terminal only through the output layer (src/io: f.log.warn, the error report, tables,
// records, prompts), which makes it safe. A command that writes to stdout or stderr itself says why that write is
// safe, in an `// output:` comment on the line above: the one greppable way around the layer. A new direct write
// without one fails here, instead of being a hole found later.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const SRC = join(ROOT, 'src');
/** The output layer itself, and bin's entry point to it. */
const LAYER = [/^io\//, /^cli\.ts$/];
const DIRECT =
  /\b(?:f\.)?io\.(?:out|err)\.write\(|\bwrite\((?:f\.)?io\.(?:out|err)\b|process\.(?:stdout|stderr)\.write|console\.(?:log|error|warn|info)\(/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

describe('the one way out of the output layer', () => {
  it('every direct write to stdout or stderr outside src/io says why it is safe', () => {
    const unmarked: string[] = [];
    let marked = 0;
    for (const file of files(SRC)) {
      const rel = relative(SRC, file);
      if (LAYER.some((r) => r.test(rel))) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        // `write(` at a line's end with the stream on the next line is the same write, formatted.
        const split = /\bwrite\($/.test(line.trim()) && /^(?:f\.)?io\.(?:out|err)\b/.test((lines[i + 1] ?? '').trim());
        if ((!DIRECT.test(line) && !split) || line.trim().startsWith('//') || line.trim().startsWith('*')) return;
        if (/\/\/ output:/.test(lines[i - 1] ?? '')) marked++;
        else unmarked.push(`src/${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(unmarked).toEqual([]);
    // The check sees the writes it is about (a pattern that matched nothing would pass for the wrong reason).
    expect(marked).toBeGreaterThan(10);
  });
});
