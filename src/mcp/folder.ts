// The folder `voicectl mcp` was given with --dir, opened once when the server starts. Every file a tool reads or
// writes is reached from that open directory, one name at a time, each opened without following a symbolic link
// (O_NOFOLLOW): renaming a folder, or swapping one for a link, while a call runs cannot lead a tool outside, since
// nothing is ever looked up again by its full path. New files are created exclusively (O_EXCL) under a temporary
// name, then linked to their name, which fails if a file appeared there meanwhile: nothing is ever replaced.
//
// The walk goes through /proc/self/fd/<fd>/<name> (Linux): the kernel resolves the prefix to the open directory
// itself, so only <name> is looked up, as openat(2) would. Where /proc is absent (macOS, BSD), each step is opened
// by its full path with O_NOFOLLOW on its last name, which refuses a link at that step but not a folder above it
// renamed in between (docs/security.md). Windows has no O_NOFOLLOW: there each name is checked with lstat before
// it is opened, and a link or junction (a reparse point, which lstat reports as a link) is refused; a swap between
// the check and the open is not (docs/platforms.md). Which paths are inside is src/platform/confine.ts.
import { closeSync, constants, openSync, readlinkSync, realpathSync } from 'node:fs';
import { type FileHandle, link, lstat, open, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { namesInside } from '../platform/confine.js';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;

/**
 * Called between the steps of a walk and before a new file is linked to its name: where a test swaps a folder
 * for a link, deterministically, at the moment a check-then-use design would be exposed.
 */
export const folderHooks: { step?: (what: string) => void | Promise<void> } = {};

/** A new file being written in the folder: it gets its name only at commit, and never over an existing one. */
export interface NewFile {
  /** The path shown to the user (the folder as given, and the name inside it). */
  path: string;
  handle: FileHandle;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** An open folder of the walk, with the path it was reached by (used only where /proc is absent). */
interface Dir {
  fd: number;
  path: string;
  close(): Promise<void>;
}

export class Folder {
  private constructor(
    /** The folder as the user gave it, resolved: for messages. */
    readonly path: string,
    private readonly fd: number,
    /** /proc/self/fd works here: the walk is relative to open directories. */
    private readonly procFd: boolean,
    /** Whose path rules apply to the names tools give (src/platform/confine.ts). */
    private readonly platform: NodeJS.Platform,
  ) {}

  /** Opens --dir (following links in the path the user typed: that is the user's choice, not an agent's). */
  static open(dir: string, platform: NodeJS.Platform = process.platform): Folder {
    const abs = resolve(dir);
    let fd: number;
    try {
      fd = openSync(abs, O_RDONLY | O_DIRECTORY);
    } catch {
      throw new UsageError(`--dir: must be an existing folder (got "${dir}")`);
    }
    let procFd = false;
    try {
      procFd = readlinkSync(`/proc/self/fd/${fd}`) === realpathSync(abs);
    } catch {
      procFd = false;
    }
    return new Folder(abs, fd, procFd, platform);
  }

  close(): void {
    closeSync(this.fd);
  }

  /** A file for a tool to read, opened from the folder without following any link; the caller closes it. */
  async openRead(file: string, field: string): Promise<{ path: string; handle: FileHandle }> {
    const names = this.names(file, field);
    const parent = await this.walk(names, file, field);
    try {
      // O_NONBLOCK: a FIFO named like a CSV would hold the open, and every later call, for ever.
      const handle = await this.at(parent, names.at(-1)!, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, file, field);
      const st = await handle.stat();
      if (!st.isFile()) {
        await handle.close();
        throw new UsageError(
          `${field}: ${file} is ${st.isDirectory() ? 'a folder' : 'not a regular file'}, not a file`,
        );
      }
      return { path: join(this.path, ...names), handle };
    } finally {
      await parent.close();
    }
  }

  /** A new file for a tool to write: refused at once when the name is taken, and again at commit if it was taken since. */
  async create(file: string, field: string, mode = 0o644): Promise<NewFile> {
    const names = this.names(file, field);
    const name = names.at(-1)!;
    const path = join(this.path, ...names);
    const parent = await this.walk(names, file, field);
    const release = () => parent.close();
    try {
      if (await this.exists(parent, name)) throw taken(path);
      const tmp = `.${name}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
      const handle = await this.at(parent, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, file, field, mode);
      let done = false;
      const finish = async (keep: boolean) => {
        if (done) return;
        done = true;
        await handle.close().catch(() => undefined);
        try {
          if (keep) {
            await folderHooks.step?.(`link ${name}`);
            await link(this.in(parent, tmp), this.in(parent, name)).catch((err: NodeJS.ErrnoException) => {
              throw err.code === 'EEXIST' ? taken(path) : err;
            });
          }
        } finally {
          await unlink(this.in(parent, tmp)).catch(() => undefined);
          await release();
        }
      };
      return { path, handle, commit: () => finish(true), discard: () => finish(false) };
    } catch (err) {
      await release();
      throw err;
    }
  }

  /** The names of a path inside the folder: relative, without `..`, no drive, stream or device, not the folder itself. */
  private names(file: string, field: string): string[] {
    const inside = namesInside(file, this.platform);
    if ('refused' in inside)
      throw new UsageError(
        `${field}: must name a file inside ${this.path} (the folder voicectl mcp was given with --dir), as a relative path without ".." (got "${file}": ${inside.refused})`,
      );
    return inside.names;
  }

  /** Opens the folders of `names` (all but the last) one at a time, never through a link. */
  private async walk(names: string[], file: string, field: string): Promise<Dir> {
    let cur: Dir = { fd: this.fd, path: this.path, close: async () => undefined };
    for (const name of names.slice(0, -1)) {
      await folderHooks.step?.(`open ${name}`);
      try {
        const handle = await this.at(cur, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW, file, field);
        await cur.close();
        cur = { fd: handle.fd, path: join(cur.path, name), close: () => handle.close() };
      } catch (err) {
        await cur.close();
        throw err;
      }
    }
    await folderHooks.step?.('open file');
    return cur;
  }

  private async at(
    dir: Dir,
    name: string,
    flags: number,
    file: string,
    field: string,
    mode?: number,
  ): Promise<FileHandle> {
    return openNoFollow(this.in(dir, name), flags, mode).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ELOOP' || (err.code === 'ENOTDIR' && flags & O_DIRECTORY))
        throw new UsageError(
          `${field}: "${name}" in ${file} is a symbolic link or not a folder; voicectl mcp follows no links inside --dir`,
        );
      if (err.code === 'EEXIST') throw taken(join(this.path, file));
      // A folder of the path that is missing is named as such: "sub/a.wav does not exist" reads as the file.
      if (err.code === 'ENOENT' && flags & O_DIRECTORY)
        throw new UsageError(
          `${field}: the folder "${name}" of ${file} does not exist in ${this.path}; tools create no folders: name a file in an existing one`,
        );
      if (err.code === 'ENOENT') throw new UsageError(`${field}: ${join(this.path, file)} does not exist`);
      throw err;
    });
  }

  /** `name` in the open directory `dir`, as a path the kernel resolves from that directory. */
  private in(dir: Dir, name: string): string {
    return this.procFd ? `/proc/self/fd/${dir.fd}/${name}` : join(dir.path, name);
  }

  private async exists(dir: Dir, name: string): Promise<boolean> {
    return (await lstat(this.in(dir, name)).catch(() => undefined)) !== undefined;
  }
}

/** open(2) with O_NOFOLLOW; where the platform has none (Windows), a link at `path` refused by lstat first. */
async function openNoFollow(path: string, flags: number, mode?: number): Promise<FileHandle> {
  if (O_NOFOLLOW === undefined && (await lstat(path).catch(() => undefined))?.isSymbolicLink())
    throw Object.assign(new Error(`ELOOP: a link: ${path}`), { code: 'ELOOP' });
  return open(path, flags, mode);
}

function taken(path: string): UsageError {
  return new UsageError(`${path} already exists; a file is never replaced`, {
    hints: ['Pass another file name.'],
  });
}
