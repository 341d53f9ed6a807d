// The Windows smoke suite, run by .ci/wine-smoke with Node for Windows under Wine: README's quick start with
// --sandbox, contacts convert of an Excel export (Windows-1252, `;`, CRLF), profiles in a fresh %APPDATA% (no
// permission warning), campaigns create --dry-run, and voicectl mcp --allow-write --dir (a campaign through plan and
// confirmation, and every --dir escape spelt with backslashes refused). It runs the built CLI (bin/voicectl.js) as
// a user would, each command a child process; its own stdout is a file (under Wine a pipe gives EBADF).
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'voicectl.js');
const STEP_MS = 120_000;
const work = mkdtempSync(join(tmpdir(), 'voicectl-smoke-'));

// The user's environment as Windows has it, less any voicectl setting of the machine that runs Wine: profiles and
// the sandbox live in %APPDATA%\voicectl\Config of the fresh prefix. TCP keep-alive off: Wine 8's limit, not Windows'.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toUpperCase().startsWith('VOICECTL_')));
env.VOICECTL_TCP_KEEPALIVE = '0';

let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : `\n     ${detail.replace(/\n/g, '\n     ')}`}`);
}

/** voicectl with `args`, stdin from `input`: its exit code, stdout and stderr; killed after STEP_MS. */
function voicectl(args, input = '') {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: work, env, windowsHide: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill(), STEP_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

const noWarning = (r) => !/warning|permission|chmod|mode 6/i.test(r.stderr);

// README's first command, then its audio saved.
{
  const r = await voicectl(['--sandbox', 'tts', 'create', '--text', 'Hello', '--wait']);
  const g = r.code === 0 ? JSON.parse(r.stdout) : {};
  check(
    'quick start: --sandbox tts create --text "Hello" --wait prints a finished generation',
    g.status === 'completed',
    r.stderr,
  );
  check('quick start: no permission warning in a fresh %APPDATA%', noWarning(r), r.stderr);
  const d = await voicectl(['--sandbox', 'tts', 'download', g.id ?? 'none', '--out', 'hello.wav']);
  const wav = join(work, 'hello.wav');
  check(
    'quick start: tts download saves the audio (a WAV file)',
    d.code === 0 && existsSync(wav) && readFileSync(wav).subarray(0, 4).toString() === 'RIFF',
    d.stderr,
  );
}

// An Excel export from an Italian Windows: Windows-1252, `;`, CRLF.
{
  copyFileSync(join(ROOT, 'fixtures', 'contacts', 'excel-it.csv'), join(work, 'excel-it.csv'));
  const r = await voicectl([
    'contacts',
    'convert',
    'excel-it.csv',
    '--default-country',
    'IT',
    '--encoding',
    'windows-1252',
    '--without-plus',
    'international',
    '--allow-types',
    'premium-rate',
    '--out',
    'contacts.json',
  ]);
  const written = existsSync(join(work, 'contacts.json'))
    ? JSON.parse(readFileSync(join(work, 'contacts.json'), 'utf8'))
    : [];
  check(
    'contacts convert: a Windows-1252 ";" CRLF export, its accents and numbers read',
    r.code === 0 &&
      written[0]?.phone_number === '+393331234567' &&
      written[0]?.Cognome === 'D’Angelo' &&
      written[2]?.phone_number === '+33612345678',
    `${r.code} ${r.stderr}\n${JSON.stringify(written).slice(0, 300)}`,
  );
}

// Profiles in %APPDATA%: written, listed, no warning about permissions.
{
  const add = await voicectl(
    ['profiles', 'add', 'smoke', '--base-url', 'https://api.example.com', '--api-key-stdin'],
    'vk_smoke_key_0123456789',
  );
  const list = await voicectl(['profiles', 'list']);
  check(
    'profiles add and list: the profile is there',
    add.code === 0 && list.stdout.includes('smoke'),
    add.stderr + list.stderr,
  );
  check(
    'profiles: no permission warning (profiles.json and its folder)',
    noWarning(add) && noWarning(list),
    add.stderr + list.stderr,
  );
  check('profiles: the key never printed', !`${list.stdout}${list.stderr}`.includes('vk_smoke_key_0123456789'));
  const file = join(process.env.APPDATA ?? '', 'voicectl', 'Config', 'profiles.json');
  check('profiles: kept in %APPDATA%\\voicectl\\Config', existsSync(file), file);
}

// campaigns create --dry-run: the plan, nothing sent.
{
  const r = await voicectl([
    '--sandbox',
    'campaigns',
    'create',
    '--file',
    join(ROOT, 'fixtures', 'campaigns', 'campaign.yaml'),
    '--dry-run',
    '--json',
  ]);
  check(
    'campaigns create --dry-run: the body and its plan',
    r.code === 0 && JSON.parse(r.stdout).plan?.length > 0,
    r.stderr,
  );
}

// voicectl mcp --allow-write --dir: a campaign through plan and confirmation, and the escapes refused.
{
  const dir = join(work, 'mcp');
  mkdirSync(dir);
  copyFileSync(join(ROOT, 'fixtures', 'contacts', 'italian-national.csv'), join(dir, 'leads.csv'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, '--sandbox', 'mcp', '--allow-write', '--dir', dir],
    env,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'wine-smoke', version: '1.0.0' });
  await client.connect(transport, { timeout: STEP_MS });
  const call = async (name, args) => {
    const r = await client.callTool({ name, arguments: args }, undefined, { timeout: STEP_MS });
    return {
      isError: r.isError === true,
      text: r.content.map((c) => c.text ?? '').join('\n'),
      data: r.structuredContent ?? {},
    };
  };
  const converted = await call('contacts_convert', { file: 'leads.csv', defaultCountry: 'IT' });
  check(
    'mcp: contacts_convert writes inside --dir',
    !converted.isError && existsSync(join(dir, 'leads.contacts.json')),
    converted.text,
  );
  const body = {
    name: 'Wine smoke',
    agentId: 'agent_sales',
    fromNumber: '+390212345678',
    contactsFile: 'leads.contacts.json',
  };
  const plan = await call('campaigns_create', body);
  check(
    'mcp: campaigns_create without planId returns a plan and sends nothing',
    !plan.isError && /^plan_/.test(plan.data.planId ?? ''),
    plan.text,
  );
  const created = await call('campaigns_create', { ...body, planId: plan.data.planId });
  check(
    'mcp: campaigns_create with the planId creates the campaign',
    !created.isError && /^cmp_/.test(JSON.stringify(created.data).match(/cmp_[0-9a-f]+/)?.[0] ?? ''),
    created.text,
  );

  const before = new Set(readdirSync(dir));
  const escapes = [
    '..\\escape.json',
    '..\\..\\Roaming\\voicectl\\Config\\profiles.json',
    'C:\\escape.json',
    'C:escape.json',
    '\\\\?\\C:\\escape.json',
    '\\\\server\\share\\escape.json',
    '\\escape.json',
    'leads.contacts.json:stream',
    'NUL',
  ];
  for (const output of escapes) {
    const r = await call('contacts_convert', { file: 'leads.csv', output, defaultCountry: 'IT' });
    check(`mcp --dir: writing ${output} refused`, r.isError && r.text.includes('must name a file inside'), r.text);
  }
  for (const file of [
    '..\\..\\..\\..\\Roaming\\voicectl\\Config\\profiles.json',
    'C:\\windows\\win.ini',
    'leads.csv:stream',
  ]) {
    const r = await call('contacts_convert', { file, defaultCountry: 'IT' });
    check(`mcp --dir: reading ${file} refused`, r.isError && r.text.includes('must name a file inside'), r.text);
  }
  const after = readdirSync(dir).filter((n) => !before.has(n));
  check('mcp --dir: no file appeared in the folder', after.length === 0, after.join(', '));
  check(
    'mcp --dir: nothing written above it',
    !existsSync(join(work, 'escape.json')) && !existsSync('C:\\escape.json'),
  );
  await client.close();
}

const stop = await voicectl(['sandbox', 'stop']);
check('sandbox stop', stop.code === 0, stop.stderr);
writeFileSync(join(work, 'done'), '');
console.log(`wine-smoke: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
