// The cache scripts/phone-patterns.mjs gives libphonenumber-js's pattern helper (in the bundle and in these tests):
// the same answers as the helper it replaces, for every pattern of the metadata, called again and again, and a
// build that stops when the helper upstream changes.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkUpstream, phonePatterns, upstreamHelper } from '../../scripts/phone-patterns.mjs';
import { tempDir } from '../helpers/cli.js';

/** The helper as installed, run as written there (its one line), without the plugin. */
function upstream(text: string, pattern: string): boolean {
  return new RegExp(`^(?:${pattern})$`).test(text || '');
}

/** Every string of the metadata users' numbers are read with, the patterns among them. */
function metadataStrings(): string[] {
  const metadata = createRequire(import.meta.url)('libphonenumber-js/metadata.max.json');
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  walk(metadata.countries);
  walk(metadata.nonGeographic);
  return [...out];
}

describe('the cached pattern helper (scripts/phone-patterns.mjs)', () => {
  it('answers as the helper it replaces for every pattern of the metadata, on every call', async () => {
    const file = join(tempDir(), 'matches-entirely.mjs');
    writeFileSync(file, phonePatterns.load(upstreamHelper()) as string);
    const { default: cached } = (await import(pathToFileURL(file).href)) as {
      default: (text: string | undefined, pattern: string) => boolean;
    };
    // National numbers of the lengths the metadata knows, and nothing.
    const texts = ['', '0', '2', '39', '800', '3331234567', '0212345678', '41555501', '212555012', '9876543210123'];
    const differ: string[] = [];
    let matched = 0;
    let compared = 0;
    for (const pattern of metadataStrings()) {
      let valid = true;
      try {
        new RegExp(pattern);
      } catch {
        valid = false;
      }
      if (!valid) continue;
      // Twice: an expression that kept state between calls (a flag such as g) would answer the second one otherwise.
      for (const text of texts) {
        const want = upstream(text, pattern);
        if (cached(text, pattern) !== want || cached(text, pattern) !== want) differ.push(`${pattern} on "${text}"`);
        if (want) matched++;
        compared++;
      }
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(10_000);
    expect(matched).toBeGreaterThan(100);
    expect(cached(undefined, '\\d*')).toBe(true);
  });

  it('the build stops when the helper upstream is no longer the one-line function it replaces', () => {
    expect(() => checkUpstream()).not.toThrow();
    const copy = join(tempDir(), 'matchesEntirely.js');
    copyFileSync(upstreamHelper(), copy);
    expect(() => checkUpstream(copy)).not.toThrow();
    writeFileSync(copy, readFileSync(copy, 'utf8').replace("')$')", "')$', 'u')"));
    expect(() => checkUpstream(copy)).toThrow(/matchesEntirely\.js changed/);
  });

  it('applies to that helper alone', () => {
    expect(phonePatterns.load(upstreamHelper().replace('matchesEntirely', 'matchesNothing'))).toBeNull();
    expect(phonePatterns.load(upstreamHelper().replace('/es6/', '/build/'))).toBeNull();
  });
});
