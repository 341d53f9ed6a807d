// Paths an MCP client gives for --dir, read as names inside the folder: every spelling of "outside" is refused on
// every platform, and what Windows reads as a stream, a device or a shortened name is refused where it would be.
import { describe, expect, it } from 'vitest';
import { namesInside } from '../../src/platform/confine.js';

const refused = (file: string, platform: NodeJS.Platform = 'linux') => 'refused' in namesInside(file, platform);

describe('namesInside', () => {
  it('splits on / and \\ alike, dropping empty names and "."', () => {
    expect(namesInside('a/b\\c.csv', 'linux')).toEqual({ names: ['a', 'b', 'c.csv'] });
    expect(namesInside('./a//b.csv', 'win32')).toEqual({ names: ['a', 'b.csv'] });
  });
  it.each([
    '..\\AppData\\Roaming\\voicectl\\Config\\profiles.json',
    'sub\\..\\..\\x.csv',
    'C:\\Windows\\win.ini',
    'C:x.csv',
    'c:/x.csv',
    '\\\\?\\C:\\x.csv',
    '\\\\.\\pipe\\x',
    '\\\\server\\share\\x.csv',
    '//server/share/x.csv',
    '\\x.csv',
    '/etc/passwd',
    '../x.csv',
    'a\0b',
    '.',
    '',
  ])('refuses %j on Linux and on Windows', (file) => {
    expect(refused(file, 'linux')).toBe(true);
    expect(refused(file, 'win32')).toBe(true);
  });
  it.each(['file:stream', 'x.csv::$DATA', 'CON', 'nul.txt', 'sub/COM1', 'LPT1.csv', 'x.csv.', 'x.csv ', '.. ', '...'])(
    'refuses %j on Windows, where it is a stream, a device or a name Windows shortens',
    (file) => {
      expect(refused(file, 'win32')).toBe(true);
    },
  );
  it('keeps the last good names on Windows: dots inside a name, a device name as part of a longer one', () => {
    expect(namesInside('my.contacts.csv', 'win32')).toEqual({ names: ['my.contacts.csv'] });
    expect(namesInside('console.csv', 'win32')).toEqual({ names: ['console.csv'] });
    expect(namesInside('..x/y', 'win32')).toEqual({ names: ['..x', 'y'] });
  });
  it('takes a colon in a name on Linux and macOS, where it is a plain character', () => {
    expect(namesInside('10:30.csv', 'linux')).toEqual({ names: ['10:30.csv'] });
    expect(namesInside('10:30.csv', 'darwin')).toEqual({ names: ['10:30.csv'] });
  });
});
