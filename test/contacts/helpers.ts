// Set-up shared by the contacts tests: the fixtures, contacts convert as NDJSON, files in a fresh directory.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ROOT, tempDir } from '../helpers/cli.js';

/** A file of fixtures/contacts. */
export const fx = (name: string) => join(ROOT, 'fixtures/contacts', name);

/** contacts convert (no key), the contacts as NDJSON on stdout. */
export const convertNdjson = (args: string[], stdin?: string) =>
  cli(['contacts', 'convert', ...args, '-o', 'ndjson'], { key: null, stdin });

/** NDJSON output as its records. */
export const lines = (s: string) =>
  s
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** A file of these bytes in a fresh directory. */
export function file(name: string, bytes: Buffer | string): string {
  const p = join(tempDir(), name);
  writeFileSync(p, bytes);
  return p;
}
