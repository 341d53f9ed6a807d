// version: a group of one command, what a bug report needs (report.ts).
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { makeVersionCommand } from './report.js';

export function make(f: Factory): Command {
  return makeVersionCommand(f);
}
