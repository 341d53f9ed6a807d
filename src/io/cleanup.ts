// What a run leaves to undo before the process exits: closing sockets and servers, removing temporary files.

export interface Cleanup {
  /** Runs `fn` before the process exits (close sockets, discard temporary files). */
  add(fn: () => Promise<void> | void): void;
  /**
   * Marks a temporary file as this run's: removed by run() and, should the process end any other way
   * (SIGTERM, SIGHUP, a second Ctrl-C, a closed stdout), by bin/'s exit handler. Returns the function that
   * forgets it (once it is renamed into place or removed).
   */
  trackTemp(path: string): () => void;
  /** Runs every cleanup, the last added first, then removes the temporary files left; throws the first failure. */
  run(): Promise<void>;
}

/** `temps` is shared with the process's exit handler (bin/voicectl.js). */
export function createCleanup(temps: Set<string> = new Set()): Cleanup {
  const fns: (() => Promise<void> | void)[] = [];
  return {
    add(fn) {
      fns.push(fn);
    },
    trackTemp(path) {
      temps.add(path);
      return () => void temps.delete(path);
    },
    async run() {
      const failures: unknown[] = [];
      for (const fn of fns.splice(0).reverse())
        await Promise.resolve()
          .then(fn)
          .catch((e) => failures.push(e));
      const { rm } = await import('node:fs/promises');
      for (const path of [...temps]) {
        temps.delete(path);
        await rm(path, { force: true }).catch((e) => failures.push(e));
      }
      if (failures.length) throw failures[0];
    },
  };
}
