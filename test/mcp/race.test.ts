// The --dir rule holds for the file used, not only for the name checked: a hostile agent may swap a name for a
// symbolic link between the check and the use. The race is not deterministic, so these tests do the swap by hand
// at the moment between the check and the use and look at what was read or written.
import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContacts } from '../../src/contacts/load.js';
import { StagedFile } from '../../src/contacts/output.js';
import { openedInside, openInsideDir, writeTargetInsideDir } from '../../src/mcp/tool.js';
import { removeTempDirs, tempDir } from '../helpers/cli.js';

afterAll(removeTempDirs);

/** A --dir inside a base folder, with a secret next to it (outside --dir). */
function setup() {
  const base = realpathSync(tempDir());
  const dir = join(base, 'work');
  mkdirSync(dir);
  writeFileSync(join(base, 'secret.csv'), 'phone_number,name\n+393331111111,SECRET\n');
  writeFileSync(join(dir, 'leads.csv'), 'phone_number,name\n+393332222222,Anna\n');
  return { base, dir };
}

/**
 * `name` in --dir opened as voicectl mcp opens it, then swapped for a link to `secret` (outside --dir), then
 * read as contacts from the handle: what was read.
 */
async function loadAfterSwap(dir: string, name: string, moved: string, secret: string) {
  const { path, handle } = await openInsideDir(dir, name, 'file');
  try {
    renameSync(join(dir, name), join(dir, moved));
    symlinkSync(secret, join(dir, name));
    return await loadContacts(path, { handle, stdin: new PassThrough() });
  } finally {
    await handle.close();
  }
}

describe('voicectl mcp: the file checked is the file used', () => {
  it('a contacts file swapped for a link to outside --dir after it was opened: the opened file is read, not the link', async () => {
    const { base, dir } = setup();
    const contacts = await loadAfterSwap(dir, 'leads.csv', 'moved.csv', join(base, 'secret.csv'));
    expect(JSON.stringify(contacts)).toContain('Anna');
    expect(JSON.stringify(contacts)).not.toContain('SECRET');
  });

  it('the same with a file whose format is told by its content (no extension): the first bytes and the rest come from the one open file', async () => {
    const { base, dir } = setup();
    writeFileSync(join(dir, 'leads'), '[{"phone_number":"+393332222222","name":"Anna"}]');
    writeFileSync(join(base, 'secret'), '[{"phone_number":"+393331111111","name":"SECRET"}]');
    const contacts = await loadAfterSwap(dir, 'leads', 'moved', join(base, 'secret'));
    expect(JSON.stringify(contacts)).toContain('Anna');
    expect(JSON.stringify(contacts)).not.toContain('SECRET');
  });

  it('a file opened after its name was swapped for a link to outside --dir is refused by the check on the open file', async () => {
    const { base, dir } = setup();
    const outsideHandle = await open(join(base, 'secret.csv'), 'r');
    const insideHandle = await open(join(dir, 'leads.csv'), 'r');
    try {
      // What the check saw was leads.csv inside; what was opened is the secret outside.
      expect(await openedInside(outsideHandle, dir, join(dir, 'leads.csv'))).toBe(false);
      expect(await openedInside(insideHandle, dir, join(dir, 'leads.csv'))).toBe(true);
    } finally {
      await outsideHandle.close();
      await insideHandle.close();
    }
  });

  it('an output folder swapped for a link to outside --dir after the check: the file is written in the folder checked, nothing outside', async () => {
    const { base, dir } = setup();
    mkdirSync(join(dir, 'sub'));
    mkdirSync(join(base, 'elsewhere'));
    symlinkSync('sub', join(dir, 'out')); // a link that stays inside: allowed
    const dest = await writeTargetInsideDir(dir, 'out/contacts.json', 'output');
    renameSync(join(dir, 'out'), join(dir, 'old-out'));
    symlinkSync(join(base, 'elsewhere'), join(dir, 'out'));
    const staged = await StagedFile.create(dest);
    try {
      staged.push('[]\n');
      await staged.commit();
    } finally {
      await staged.discard();
    }
    expect(readdirSync(join(base, 'elsewhere'))).toEqual([]);
    expect(readFileSync(join(dir, 'sub', 'contacts.json'), 'utf8')).toBe('[]\n');
  });
});
