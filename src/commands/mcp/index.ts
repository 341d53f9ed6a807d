// mcp: a group of one command, the MCP server (serve.ts).
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { makeCommand } from '../define.js';
import { mcpCommand } from './serve.js';

export const make = (f: Factory): Command => makeCommand(f, mcpCommand);
