// `npm run inspector`: voicectl mcp driven by a client nobody on the team wrote, the official MCP Inspector in CLI
// mode, which starts one server per call (a one-shot client). Against a background sandbox in a temporary config
// dir, it lists the tools, calls a read tool, and completes the two steps of campaigns_create across two server
// processes. Not part of `npm test`: it installs the Inspector from the npm registry, into
// node_modules/.cache/voicectl-inspector (never a dependency of voicectl).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '2.12.0';
const root = fileURLToPath(new URL('..', import.meta.url));
const home = join(root, 'node_modules/.cache/voicectl-inspector');
const bin = join(home, 'node_modules/.bin/mcp-inspector');
if (!existsSync(bin)) {
  console.error(`Installing @modelcontextprotocol/inspector@${VERSION} into ${home}`);
  execFileSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', home, `@modelcontextprotocol/inspector@${VERSION}`],
    {
      stdio: 'inherit',
    },
  );
}

const config = mkdtempSync(join(tmpdir(), 'voicectl-inspector-'));
const voicectl = [process.execPath, join(root, 'bin/voicectl.js')];
const env = { ...process.env, VOICECTL_CONFIG_DIR: config };

/** One Inspector call: a new server process, with the env entries a client must pass. */
function inspect(args, serverArgs = ['--allow-write']) {
  let out;
  try {
    out = execFileSync(
      bin,
      ['--cli', ...args, '-e', `VOICECTL_CONFIG_DIR=${config}`, '--', ...voicectl, '--sandbox', 'mcp', ...serverArgs],
      { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (err) {
    // The Inspector exits 1 for a tool error: its answer is still on stdout.
    if (!err.stdout) throw err;
    out = err.stdout;
  }
  return JSON.parse(out);
}

function check(ok, what) {
  if (!ok) throw new Error(`inspector: ${what}`);
  console.log(`ok - ${what}`);
}

const call = (tool, args) =>
  inspect([
    '--method',
    'tools/call',
    '--tool-name',
    tool,
    ...Object.entries(args).flatMap(([k, v]) => [
      '--tool-arg',
      `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`,
    ]),
  ]);

try {
  const { tools } = inspect(['--method', 'tools/list']);
  check(
    tools.some((t) => t.name === 'campaigns_create'),
    `tools/list: ${tools.length} tools, campaigns_create among them`,
  );
  check(JSON.stringify({ tools }).length <= 8000, 'tools/list within 8,000 characters');

  const voices = call('voices_list', { language: 'it' });
  check(!voices.isError && voices.structuredContent.voices.length > 0, 'voices_list (a read tool) answers');

  const campaign = {
    name: 'Inspector check',
    agentId: 'agent_sales',
    fromNumber: '+390212345678',
    contacts: [{ phone_number: '+393331234567', fields: [{ name: 'first_name', value: 'Anna' }] }],
  };
  const plan = call('campaigns_create', campaign);
  const planId = plan.structuredContent?.planId;
  check(
    !plan.isError && plan.structuredContent.sent === false && planId,
    `campaigns_create without planId: a plan (${planId}), nothing sent`,
  );
  const created = call('campaigns_create', { ...campaign, planId });
  check(
    !created.isError && created.structuredContent.sent === true,
    'campaigns_create with the planId, in another server process: created',
  );
  const replay = call('campaigns_create', { ...campaign, planId });
  check(replay.isError === true, 'the same planId again: refused');
} finally {
  execFileSync(voicectl[0], [voicectl[1], 'sandbox', 'stop'], { env, stdio: 'ignore' });
  rmSync(config, { recursive: true, force: true });
}
