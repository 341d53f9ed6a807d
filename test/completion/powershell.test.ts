// PowerShell's completion script. Neither the npm registry nor Debian has PowerShell, so the script is checked
// without it: parsed by the PowerShell grammar of tree-sitter (no error node), and read for the data the completer
// walks (every command, flag and value list of the tree, quoted as PowerShell reads it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { Language, Parser } from 'web-tree-sitter';
import { cli } from '../helpers/cli.js';

let script: string;
let parser: Parser;

beforeAll(async () => {
  const r = await cli(['completion', 'powershell']);
  expect(r.code).toBe(0);
  script = r.stdout;
  await Parser.init();
  const wasm = createRequire(import.meta.url).resolve('tree-sitter-powershell/tree-sitter-powershell.wasm');
  parser = new Parser();
  parser.setLanguage(await Language.load(readFileSync(wasm)));
});

/** The places where PowerShell's grammar does not read `text`: empty when it parses. */
function syntaxErrors(text: string): string[] {
  const errors: string[] = [];
  const walk = (n: import('web-tree-sitter').Node) => {
    if (n.type === 'ERROR' || n.isMissing) errors.push(`${n.startPosition.row + 1}: ${n.text.slice(0, 60)}`);
    for (const c of n.children) if (c) walk(c);
  };
  const tree = parser.parse(text);
  if (tree) walk(tree.rootNode);
  return errors;
}

describe('voicectl completion powershell', () => {
  it('parses as PowerShell', () => {
    expect(syntaxErrors(script)).toEqual([]);
  });

  it('the check catches a broken script: a brace or a quote missing', () => {
    expect(syntaxErrors(script.replace('}.GetNewClosure()', '.GetNewClosure()'))).not.toEqual([]);
    expect(syntaxErrors(script.replace("$subs['tts'] = @(", "$subs['tts] = @("))).not.toEqual([]);
  });

  it('registers a native completer for voicectl and the npm shims', () => {
    expect(script).toContain(
      "Register-ArgumentCompleter -Native -CommandName 'voicectl', 'voicectl.cmd', 'voicectl.ps1' -ScriptBlock $completer",
    );
  });

  it('carries every subcommand, flag and value list, quotes doubled', () => {
    expect(script).toContain("$subs['tts'] = @(@(@(,'create'), ");
    // A list of one keeps its nesting (@(@(x)) would flatten to x).
    expect(script).toContain("$subs['voices'] = @(,@(@(,'list'), ");
    expect(script).toContain("@(@('--output', '-o'), 'output format: table|json|ndjson|csv')");
    expect(script).toContain("$values['tts list|--status'] = @('queued', 'processing', 'completed', 'failed')");
    expect(script).toContain("$values['|--profile'] = 'profiles'");
    expect(script).toContain("$positional['completion|0'] = @('bash', 'zsh', 'fish', 'powershell')");
    expect(script).toContain("List the organization''s generations");
    // Case matters: PowerShell's own hashtables would take -v and -V as one key.
    expect(script).toContain('[System.Collections.Hashtable]::new([StringComparer]::Ordinal)');
  });

  it('profile names are read when completing, and never run', () => {
    expect(script).toContain('@(voicectl profiles list -q 2>$null)');
    expect(script).not.toMatch(/Invoke-Expression \$|iex /);
  });
});
