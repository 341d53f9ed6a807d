// --jq's worker runs a file of its own (src/io/jq-worker.cjs), not code evaluated from a string: the build ships it
// beside the chunk that starts it, and the packed CLI runs it (the other tests here run bin/ on dist/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

describe('the jq worker file', () => {
  it('dist/ has it beside the chunk that starts it, the same as src/', () => {
    const chunks = join(ROOT, 'dist/chunks');
    const starters = readdirSync(chunks).filter(
      (f) => f.endsWith('.js') && readFileSync(join(chunks, f), 'utf8').includes('jq-worker.cjs'),
    );
    expect(starters).toHaveLength(1);
    expect(readFileSync(join(chunks, 'jq-worker.cjs'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'src/io/jq-worker.cjs'), 'utf8'),
    );
    expect(readFileSync(join(ROOT, 'src/io/jq.ts'), 'utf8')).not.toMatch(/eval:\s*true/);
    expect(existsSync(join(ROOT, 'src/io/jq-worker.cjs'))).toBe(true);
  });
});
