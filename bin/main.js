// The CLI's process: wires the process (streams, environment, Ctrl-C) to run() and sets the exit code. Loaded by
// bin/voicectl.js once the Node version is known to be supported, and by the single executable (scripts/sea.mjs),
// which hands over its version and help from its own assets.
import { readFileSync, rmSync, statSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';

/**
 * @param {{ version?: () => string, help?: () => string, compileCache?: boolean }} [from] the package version and
 *   dist/help.json's text (read from the files beside bin/ unless given), and whether to use Node's compile cache
 */
export async function main(from = {}) {
  const version =
    from.version ?? (() => JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
  const helpText = from.help ?? (() => readFileSync(new URL('../dist/help.json', import.meta.url), 'utf8'));
  const argv = process.argv.slice(2);

  /**
   * Help rendered by the build (dist/help.json) for `voicectl [command...] --help` when stdout is not a terminal.
   * Kept for its measured lead: on Node 24.21, `voicectl --help` runs 108 M instructions with it against 188 M
   * rendered live (`node -e 0`: 93 M). It is text, the same for every Node line; test/frame/help.test.ts checks
   * every command's copy against the live rendering.
   */
  function prerenderedHelp() {
    const last = argv[argv.length - 1];
    if ((last !== '--help' && last !== '-h') || process.stdout.isTTY) return undefined;
    const words = argv.slice(0, -1);
    if (!words.every((w) => /^[a-z][a-z0-9-]*$/.test(w))) return undefined;
    try {
      return JSON.parse(helpText())[words.join(' ')];
    } catch {
      return undefined;
    }
  }

  let forced; // the exit code a signal asks for (set below, once a command runs)
  // What the service already did in this run (src/api/effect.ts), and the text of an output error that says it:
  // both set once a command runs.
  const effects = {};
  let outputErrorText;
  // Nothing more can be written there, so nothing more is worth doing: exit now (the exit handler removes the
  // temporary files). A closed pipe (`voicectl ... | head -1`) is not a failure; any other error (ENOSPC on
  // `> /dev/full`, EIO) is one line and exit 1, followed by a note when a request had already created or changed
  // something (so that a script does not run it again), and by the error object with --json. Installed first: the
  // answers below (--version, help) write too.
  const onOutputError = (err) => {
    if (err.code === 'EPIPE') process.exit(forced ?? process.exitCode ?? 0);
    process.stderr.write(
      outputErrorText ? outputErrorText(err, argv, effects) : `error: could not write the output: ${err.message}\n`,
    );
    process.exit(1);
  };
  process.stdout.on('error', onOutputError);

  let help;
  if (argv.length === 1 && argv[0] === '--version') {
    // Scripts call this often: answer before loading anything.
    process.stdout.write(`${version()}\n`);
  } else if ((help = prerenderedHelp()) !== undefined) {
    process.stdout.write(help);
  } else {
    // Node's own module compile cache (module.enableCompileCache, Node 22.8+; absent on 20): V8's compiled code
    // of dist/ is kept in the OS temp dir (or $NODE_COMPILE_CACHE) and reused by later runs of the same Node. It
    // reports its failures (a temp dir that cannot be written) in its return value, never by throwing or printing;
    // the try covers a Node that would. A temp dir that does not exist is not handed to it: Node's recursive mkdir
    // never returns for some of those (TMPDIR below /proc/self, measured on Node 20 and 24).
    try {
      if (
        from.compileCache !== false &&
        module.enableCompileCache &&
        statSync(tmpdir(), { throwIfNoEntry: false })?.isDirectory()
      )
        module.enableCompileCache();
    } catch {
      // no cache: slower, never wrong
    }
    if (typeof process.getBuiltinModule !== 'function') {
      // dist/ loads built-ins through process.getBuiltinModule (Node 20.16+, 22.3+); Node 22.0 to 22.2 lack it.
      process.getBuiltinModule = module.createRequire(import.meta.url);
    }
    const [{ run, systemErrorText, outputErrorText: errorText }, { systemStreams }] = await Promise.all([
      import('../dist/cli.js'),
      import('../dist/io/streams.js'),
    ]);
    outputErrorText = errorText;
    const controller = new AbortController();
    // Every way the process ends goes through here: the command's own end, Ctrl-C, SIGTERM, SIGHUP, a stdout
    // that closed or failed, an uncaught error. The command is aborted (so it stops, discards its temporary
    // files and reports), and if it has not ended within GRACE_MS the process exits anyway. Temporary files
    // still registered are removed on every exit, however it came (tempFiles, see Cleanup.trackTemp in src/io/cleanup.ts).
    const GRACE_MS = 3000;
    const tempFiles = new Set();
    let crashed = false;
    process.on('exit', () => {
      for (const path of tempFiles) {
        try {
          rmSync(path, { force: true });
        } catch {
          // nothing more can be done while exiting
        }
      }
    });
    const end = (code, reason) => {
      if (forced !== undefined) {
        // A second Ctrl-C (or signal): stop waiting for the command.
        process.exit(forced);
      }
      forced = code;
      process.exitCode = code;
      controller.abort(reason);
      setTimeout(() => process.exit(forced), GRACE_MS).unref();
    };
    // The reason carries the exit code, so that the --json error object says the code the process exits with.
    const stopped = (exitCode) => Object.assign(new Error('interrupted'), { exitCode });
    process.on('SIGINT', () => end(130, stopped(130)));
    // 128 + the signal's number, as a shell reports a process ended by it.
    process.on('SIGTERM', () => end(143, stopped(143)));
    process.on('SIGHUP', () => end(129, stopped(129)));
    const fatal = (err) => {
      const message = err instanceof Error ? err.message : String(err);
      if (err?.code === 'EPIPE') return onOutputError(err);
      // A full disk, a permission, a directory that is not there: said as what it is, not as a bug.
      const known = systemErrorText(err, process.env, effects);
      if (known) process.stderr.write(known);
      else process.stderr.write(`error: unexpected failure: ${message}\n`);
      if (argv.includes('--debug') && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
      else if (!known)
        process.stderr.write('This is a bug in voicectl; run again with --debug for details and report it.\n');
      crashed = true;
      if (forced === undefined) end(1, err);
    };
    process.on('uncaughtException', fatal);
    process.on('unhandledRejection', fatal);
    const code = await run(argv, {
      io: systemStreams(),
      env: process.env,
      signal: controller.signal,
      tempFiles,
      effects,
    });
    // A command that ended well although stopped (`voicectl sandbox` ends on Ctrl-C by design) exits 0; one that
    // was cut short exits as the signal says (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP).
    process.exitCode = crashed ? 1 : code === 0 ? 0 : (forced ?? code);
    // Anything still holding the event loop (a socket that will not close) does not hold the caller: the output
    // has had GRACE_MS to drain.
    setTimeout(() => process.exit(process.exitCode), GRACE_MS).unref();
  }
}
