// `voicectl api`: a raw request with the configured key and base URL, the escape hatch of gh api.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { makeCommand } from '../define.js';
import { apiCommand } from './request.js';

export const command = apiCommand;
export const make = (f: Factory): Command => makeCommand(f, apiCommand);
