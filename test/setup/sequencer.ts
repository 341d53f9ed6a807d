// The order test files start in. Vitest runs the longest files first when it knows their durations, but it keeps
// them in node_modules/.vite, which a fresh clone (CI) does not have: it then starts the largest files first, and a
// short file that runs for 20 s (README's examples, one test) started last and held the run up to its end. These
// files start first, longest first, whatever the cache says; the others follow in vitest's own order.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files, longest first (per-file durations from `--reporter=json`, on a 2-core machine). */
export const SLOW_FIRST = [
  'test/frame/readme-in-order.test.ts',
  'test/reliability/process-end.test.ts',
  'test/hostile/input-files.test.ts',
  'test/campaigns/ci-recipe.test.ts',
  'test/mcp/journey.test.ts',
  'test/sandbox/service.test.ts',
  'test/reliability/interrupt.test.ts',
  'test/reliability/resume-hints.test.ts',
  'test/reliability/paths.test.ts',
  'test/contacts/neighbours.property.test.ts',
  'test/frame/terminal.test.ts',
  'test/contacts/evidence.property.test.ts',
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    // A renamed or removed file would silently fall back to the slow order: say so instead.
    const missing = SLOW_FIRST.filter((f) => !existsSync(join(root, f)));
    if (missing.length > 0)
      throw new Error(`test/setup/sequencer.ts names files that do not exist: ${missing.join(', ')}`);
    const rank = (spec: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(relative(root, spec.moduleId).replaceAll('\\', '/'));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the files not listed keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
