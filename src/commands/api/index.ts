// `voicectl api`: a raw request with the configured key and base URL, the escape hatch of gh api.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { makeApiCommand } from './request.js';

export function make(f: Factory): Command {
  return makeApiCommand(f);
}
