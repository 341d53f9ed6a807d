// Types of scripts/phone-patterns.mjs, for the tests and test/vitest.config.ts.
/** libphonenumber-js's pattern helper as installed (its ES module build). */
export function upstreamHelper(): string;
/** Throws unless `file` (default: the installed helper) is still the function the plugin stands in for. */
export function checkUpstream(file?: string): void;
/** A rolldown and vite plugin: the helper's module, with a cache of the expressions it builds. */
export const phonePatterns: { name: string; load(id: string): string | null };
