#!/usr/bin/env node
// npm run docs: writes docs/commands.md from the command declarations, through the build (dist/reference.js).
import { writeFileSync } from 'node:fs';

const [{ buildProgram }, { renderReference }, { testStreams }] = await Promise.all([
  import('../dist/cli.js'),
  import('../dist/reference.js'),
  import('../dist/io/streams.js'),
]);
const { program } = await buildProgram([], { io: testStreams(), env: {}, loadAll: true });
writeFileSync(new URL('../docs/commands.md', import.meta.url), renderReference(program));
