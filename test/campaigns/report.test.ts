// campaigns report <id> --out FILE.html through the real CLI against a sandbox: one self-contained page, every
// server string escaped, opened in headless Chromium (where it is installed: .ci/run installs Debian's chromium)
// behind a loopback proxy that records any request the page would make.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/sandbox/server.js';
import { cli, tempDir, virtualClock } from '../helpers/cli.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const clock = virtualClock(T0);
const sb = new Sandbox({
  now: clock.now,
  settings: {
    outcomeWeights: { answered: 1 },
    outcomesByNumber: { '+393332223333': 'no_answer', '+390298765431': 'busy', '+393334445555': 'failed' },
  },
});
const HOSTILE = '<script>fetch("http://evil.example/name")</script>';
const IMG = '<img src="http://evil.example/x.png">';
let id = '';
let dir = '';

beforeAll(async () => {
  await sb.listen(0, '127.0.0.1');
  dir = tempDir();
  const contacts = join(dir, 'contacts.json');
  writeFileSync(
    contacts,
    JSON.stringify([
      { phone_number: '+393331112222', Prénom: 'Hélène', Société: IMG },
      { phone_number: '+393332223333', Prénom: HOSTILE, contact_attempts: [{ phone_number: '+390298765431' }] },
      { phone_number: '+393334445555', Prénom: 'Carla', Société: '=HYPERLINK("http://x")' },
    ]),
  );
  const r = await cli(
    [
      ...['campaigns', 'create', '--name', HOSTILE, '--agent', 'agent_sales', '--from', '+390212345678'],
      ...['--contacts', contacts, '--max-retries', '1', '--retry-delay', '30', '--days', '1,2,3,4,5'],
      ...['--window', '09:00-18:00', '--timezone', 'Europe/Rome', '--start', '--yes', '-q'],
    ],
    { sandbox: sb, clock },
  );
  expect(r.code, r.stderr).toBe(0);
  id = r.stdout.trim();
  expect((await cli(['campaigns', 'wait', id], { sandbox: sb, clock })).code).toBe(0);
});
afterAll(() => sb.close());

const report = (args: string[]) => cli(['campaigns', 'report', id, ...args], { sandbox: sb, clock });

describe('campaigns report', () => {
  it('writes one page: the charts, answered and not-reached contacts with their columns, the follow-up list', async () => {
    const file = join(dir, 'report.html');
    const r = await report(['--out', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`wrote the report of 3 contacts and 5 calls to ${file}`);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(html).toMatch(
      /<svg id="outcome-chart"[^]*data-outcome="answered"[^]*data-outcome="busy"[^]*data-outcome="failed"/,
    );
    expect(html).toMatch(/<svg id="attempts-chart"[^]*class="window"[^]*class="calls"/);
    expect(html).toContain('Shaded: the calling window (Mon,Tue,Wed,Thu,Fri, 09:00-18:00 Europe/Rome)');
    expect(html).toContain(
      '<table id="answered-table"><thead><tr><th>#</th><th>Number</th><th>Prénom</th><th>Société</th><th>Calls</th>',
    );
    expect(html).toMatch(/<td>1<\/td><td>\+393331112222<\/td><td>Hélène<\/td><td>&lt;img src=&quot;http:\/\/evil/);
    expect(html).toMatch(/<table id="not-reached-table">[^]*<td>2<\/td><td>\+393332223333<\/td><td>&lt;script&gt;/);
    expect(html).toMatch(
      /<table id="follow-up-table"><thead><tr><th>phone_number<\/th><th>contact_attempts.1.phone_number<\/th>/,
    );
    // No markup of the service's text survives: the only tags are the page's own.
    expect(html).not.toMatch(/<script|<img/i);
    // The follow-up download: a CSV with a BOM, formulas neutralised.
    const href = /id="follow-up-download" download="[^"]*" href="data:text\/csv;charset=utf-8,([^"]*)"/.exec(html)?.[1];
    const csv = decodeURIComponent(href!.replace(/&amp;/g, '&'));
    expect(csv.startsWith('\uFEFFphone_number,contact_attempts.1.phone_number,Prénom,Société\r\n')).toBe(true);
    expect(csv).toContain(`+393334445555,,Carla,"'=HYPERLINK(""http://x"")"\r\n`);
  });

  it('--out - writes the page to stdout; an existing file needs --force; a folder is exit 2 before any request', async () => {
    const r = await report(['--out', '-']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('<!doctype html>')).toBe(true);
    const file = join(dir, 'again.html');
    writeFileSync(file, 'keep');
    sb.log.length = 0;
    const exists = await report(['--out', file]);
    expect(exists.code).toBe(2);
    expect(exists.stderr).toContain('--force');
    expect(readFileSync(file, 'utf8')).toBe('keep');
    const folder = await report(['--out', `${dir}/`]);
    expect(folder.code).toBe(2);
    expect(sb.requests()).toHaveLength(0);
    expect((await report(['--out', file, '--force'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('<svg id="outcome-chart"');
  });

  it('an unknown campaign is exit 4 and writes nothing', async () => {
    const file = join(dir, 'none.html');
    const r = await cli(['campaigns', 'report', 'cmp_ffffffffffffffff', '--out', file], { sandbox: sb, clock });
    expect(r.code).toBe(4);
    expect(existsSync(file)).toBe(false);
  });
});

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) =>
  existsSync(p),
);

/** A loopback HTTP proxy that answers 404 to everything and records what it was asked for. */
async function recordingProxy(): Promise<{ server: Server; port: number; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  server.on('connect', (req, socket) => {
    seen.push(`CONNECT ${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

/**
 * Chromium's own calls home at start (component updates, its clock, its account check), whatever the page:
 * `--disable-background-networking` does not stop them all. Every other request would be the page's.
 */
const chromiumsOwn = (request: string) =>
  /^(CONNECT [a-z0-9.-]+\.(google\.com|googleapis\.com):443|[A-Z]+ https?:\/\/[a-z0-9.-]+\.(google\.com|googleapis\.com)\/)/.test(
    request,
  );

/** The DOM of `file` once Chromium loaded it, every request through the proxy (loopback included). */
function dumpDom(file: string, port: number): Promise<string> {
  const args = [
    ...['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    ...['--disable-component-update', '--disable-sync', '--disable-extensions', `--user-data-dir=${tempDir()}`],
    ...[`--proxy-server=http://127.0.0.1:${port}`, '--proxy-bypass-list=<-loopback>', '--dump-dom', `file://${file}`],
  ];
  return new Promise((resolve, reject) =>
    execFile(CHROMIUM!, args, { timeout: 60_000, maxBuffer: 10 << 20 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    ),
  );
}

describe.skipIf(!CHROMIUM)('campaigns report in headless Chromium', () => {
  it('the chart and tables are there, names with <script> are text, and no request leaves the page', {
    timeout: 90_000,
  }, async () => {
    const file = join(dir, 'browser.html');
    expect((await report(['--out', file])).code).toBe(0);
    const proxy = await recordingProxy();
    try {
      // The proxy sees what a page asks for: a page with an outside image makes a request...
      const control = join(dir, 'control.html');
      writeFileSync(control, `<!doctype html><title>control</title>${IMG}`);
      await dumpDom(control, proxy.port);
      expect(proxy.seen.some((s) => s.includes('evil.example/x.png'))).toBe(true);
      proxy.seen.length = 0;
      // ...and the report makes none.
      const dom = await dumpDom(file, proxy.port);
      expect(proxy.seen.filter((s) => !chromiumsOwn(s))).toEqual([]);
      expect(dom).toMatch(/<svg id="outcome-chart"[^]*<rect[^]*<\/svg>/);
      expect(dom).toMatch(/<svg id="attempts-chart"[^]*<rect class="calls"/);
      for (const t of ['answered-table', 'not-reached-table', 'follow-up-table'])
        expect(dom).toContain(`<table id="${t}">`);
      // Parsed by a browser, the hostile names are text in the heading and cells, never elements.
      expect(dom).toContain('<h1>&lt;script&gt;fetch("http://evil.example/name")&lt;/script&gt;</h1>');
      expect(dom).toContain('<td>&lt;img src="http://evil.example/x.png"&gt;</td>');
      expect(dom).not.toMatch(/<script|<img/i);
    } finally {
      proxy.server.close();
    }
  });
});
