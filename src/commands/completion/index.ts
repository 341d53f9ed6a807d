// completion: a group of one command, the completion script of a shell (script.ts).
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { makeCommand } from '../define.js';
import { completionCommand } from './script.js';

export const command = completionCommand;
export const make = (f: Factory): Command => makeCommand(f, completionCommand);
