// version: a group of one command, what a bug report needs (report.ts).
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { makeCommand } from '../define.js';
import { versionCommand } from './report.js';

export const make = (f: Factory): Command => makeCommand(f, versionCommand);
