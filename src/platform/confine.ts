// A path an MCP client gave, read as names inside the --dir folder, the same way on every platform so that no
// spelling means "outside" on one of them: `/` and `\` both separate names; an absolute path (`/x`, `\x`), a
// drive (`C:\x`, `C:x`), a UNC or device path (`\\server\share`, `\\?\C:\x`, `\\.\pipe`) and `..` are refused.
// On Windows also what the file system reads as something else than a name in the folder: `:` (an alternate data
// stream, `file:stream`), device names (CON, NUL, COM1, ...) and names ending in a dot or a space, which Windows
// drops (`..` spelt `.. ` or `...`).

/** Why `file` is not a path inside the folder, or its names. */
export function namesInside(file: string, platform: NodeJS.Platform): { names: string[] } | { refused: string } {
  if (file.includes('\0')) return { refused: 'it holds a NUL character' };
  if (/^[/\\]/.test(file)) return { refused: 'it is absolute' };
  if (/^[A-Za-z]:/.test(file)) return { refused: 'it names a drive' };
  const names = file.split(/[/\\]/).filter((n) => n !== '' && n !== '.');
  if (names.length === 0) return { refused: 'it names the folder itself' };
  if (names.includes('..')) return { refused: 'it goes up with ".."' };
  if (platform === 'win32') {
    if (names.some((n) => n.includes(':'))) return { refused: 'a ":" names a stream of a file on Windows' };
    const device = names.find((n) => /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i.test(n));
    if (device) return { refused: `"${device}" is a device on Windows` };
    if (names.some((n) => /[. ]$/.test(n))) return { refused: 'Windows drops a dot or space at the end of a name' };
  }
  return { names };
}
