// Types for jq-web (src/io/jq.ts): jq compiled to WebAssembly. The package exports a promise of the instance.
declare module 'jq-web' {
  export interface JqWeb {
    /**
     * Runs jq as `jq FLAGS PROGRAM file` on `input` (any number of JSON texts). Returns stdout without its last
     * newline (undefined when empty); throws, with `exitCode` and `stderr`, when jq exits non-zero. Anything jq
     * writes to stderr on success (`debug`, `stderr`) goes to console.warn.
     */
    raw(input: string, program: string, flags?: string[]): string | undefined;
  }
  const jq: Promise<JqWeb>;
  export default jq;
}
