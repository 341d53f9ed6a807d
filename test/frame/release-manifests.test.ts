// scripts/release-manifests.mjs: the Homebrew formula, the Scoop manifest and the WinGet manifests generated from a
// release's SHA256SUMS, checked against the rules of each format (the fields their JSON schemas require and the
// patterns they set: Scoop's schema.json, WinGet's 1.10.0 manifest schemas), and the formula by `ruby -c` where
// Ruby is installed.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { manifests, readSums } from '../../scripts/release-manifests.mjs';

const TARGETS = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64'];
const sha = (i: number) => i.toString(16).padStart(2, '0').repeat(32);
const SUMS = [
  ...TARGETS.map((t, i) => `${sha(i + 1)}  voicectl-${t}.tar.gz`),
  `${sha(0xab)}  voicectl-win-x64.zip`,
].join('\n');
const files: Record<string, string> = manifests(readSums(`${SUMS}\n`), '1.2.3');
const RELEASE = 'https://github.com/voicectl/voicectl/releases/download/v1.2.3';
const WINGET = 'winget/manifests/v/voicectl/voicectl/1.2.3/voicectl.voicectl';

describe('release manifests', () => {
  it('writes the formula, the Scoop manifest and the three WinGet manifests', () => {
    expect(Object.keys(files).sort()).toEqual([
      'homebrew/voicectl.rb',
      'scoop/voicectl.json',
      `${WINGET}.installer.yaml`,
      `${WINGET}.locale.en-US.yaml`,
      `${WINGET}.yaml`,
    ]);
  });

  it('Homebrew: each platform its archive and SHA-256, the version, completions and a test', () => {
    const rb = files['homebrew/voicectl.rb']!;
    for (const [i, t] of TARGETS.entries())
      expect(rb).toContain(`url "${RELEASE}/voicectl-${t}.tar.gz"\n      sha256 "${sha(i + 1)}"`);
    expect(rb).toMatch(/^class Voicectl < Formula$/m);
    expect(rb).toContain('version "1.2.3"');
    expect(rb).toContain('generate_completions_from_executable(bin/"voicectl", "completion")');
    expect(rb).toContain('system "codesign", "--sign", "-", "--force", bin/"voicectl" if OS.mac?');
    // brew's style: a desc without the formula's name or a leading article, at most 80 characters.
    const desc = /^ {2}desc "(.*)"$/m.exec(rb)![1]!;
    expect(desc.length).toBeLessThanOrEqual(80);
    expect(desc).not.toMatch(/^(A|An|The) |voicectl|\.$/i);
    expect(desc).toBe('Client for the Voice API: text-to-speech, call campaigns, messages and calls');
  });

  it.skipIf(spawnSync('ruby', ['--version']).error !== undefined)(
    'Homebrew: the formula is valid Ruby (ruby -c)',
    () => {
      const r = spawnSync('ruby', ['-c'], { input: files['homebrew/voicectl.rb'], encoding: 'utf8' });
      expect(r.stdout.trim()).toBe('Syntax OK');
    },
  );

  it("Scoop: the fields and patterns of Scoop's schema", () => {
    const m = JSON.parse(files['scoop/voicectl.json']!);
    for (const k of ['version', 'homepage', 'license']) expect(m[k], k).toBeTruthy();
    // The schema allows no other top-level fields than its own (additionalProperties: false).
    const allowed = ['version', 'description', 'homepage', 'license', 'architecture', 'bin', 'checkver', 'autoupdate'];
    expect(Object.keys(m).filter((k) => !allowed.includes(k))).toEqual([]);
    expect(m.version).toBe('1.2.3');
    expect(m.architecture['64bit']).toEqual({ url: `${RELEASE}/voicectl-win-x64.zip`, hash: sha(0xab) });
    expect(m.architecture['64bit'].hash).toMatch(/^([a-fA-F0-9]{64}|(sha256:)?[a-fA-F0-9]{64})$/);
    expect(m.bin).toBe('voicectl.exe');
    expect(m.autoupdate.architecture['64bit'].url).toContain('$version');
  });

  it("WinGet: each manifest's required fields, identifier, version and hash patterns", () => {
    const version = parse(files[`${WINGET}.yaml`]!);
    const installer = parse(files[`${WINGET}.installer.yaml`]!);
    const locale = parse(files[`${WINGET}.locale.en-US.yaml`]!);
    const required = {
      version: [version, ['PackageIdentifier', 'PackageVersion', 'DefaultLocale', 'ManifestType', 'ManifestVersion']],
      installer: [installer, ['PackageIdentifier', 'PackageVersion', 'Installers', 'ManifestType', 'ManifestVersion']],
      defaultLocale: [
        locale,
        ['PackageIdentifier', 'PackageVersion', 'PackageLocale', 'Publisher', 'PackageName', 'License'],
      ],
    } as const;
    for (const [type, [m, keys]] of Object.entries(required)) {
      for (const k of keys) expect(m[k], `${type} ${k}`).toBeTruthy();
      expect(m.ManifestType).toBe(type);
      expect(m.ManifestVersion).toBe('1.10.0');
      expect(m.PackageIdentifier).toMatch(/^[^.\s\\/:*?"<>|\x01-\x1f]{1,32}(\.[^.\s\\/:*?"<>|\x01-\x1f]{1,32}){1,7}$/);
      expect(m.PackageVersion).toBe('1.2.3');
    }
    expect(locale.ShortDescription.length).toBeLessThanOrEqual(256);
    expect(installer.Installers).toEqual([
      {
        Architecture: 'x64',
        InstallerUrl: `${RELEASE}/voicectl-win-x64.zip`,
        InstallerSha256: sha(0xab).toUpperCase(),
      },
    ]);
    expect(installer.Installers[0].InstallerSha256).toMatch(/^[A-Fa-f0-9]{64}$/);
    expect(installer.InstallerType).toBe('zip');
    expect(installer.NestedInstallerType).toBe('portable');
    expect(installer.NestedInstallerFiles).toEqual([
      { RelativeFilePath: 'voicectl.exe', PortableCommandAlias: 'voicectl' },
    ]);
  });

  it('refuses a release without one of the archives, naming it, and a SHA256SUMS line it cannot read', () => {
    const without = SUMS.split('\n')
      .filter((l) => !l.includes('linux-arm64'))
      .join('\n');
    expect(() => manifests(readSums(without), '1.2.3')).toThrow('voicectl-linux-arm64.tar.gz is not in SHA256SUMS');
    expect(() => readSums(`${sha(1).slice(1)}  voicectl-linux-x64.tar.gz\n`)).toThrow('not a SHA256SUMS line');
  });
});
