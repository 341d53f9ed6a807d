// Types of scripts/release-manifests.mjs, for its test.
/** The formula and the manifests, as { relative path: text }, for `sums` (archive name -> lowercase SHA-256). */
export function manifests(sums: Map<string, string>, version?: string): Record<string, string>;
/** SHA256SUMS (`<sha256>  <file>` lines) as a Map of file -> sha256. */
export function readSums(text: string): Map<string, string>;
