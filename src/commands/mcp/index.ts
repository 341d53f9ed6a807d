// mcp: a group of one command, the MCP server (serve.ts).
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { makeMcpCommand } from './serve.js';

export function make(f: Factory): Command {
  return makeMcpCommand(f);
}
