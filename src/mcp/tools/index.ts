// Every tool of `voicectl mcp`: one per endpoint of the reference, each with its input schema built from the zod
// schemas the commands validate with, and run through the same client, domain modules and errors.
import type { Tool } from '../tool.js';
import { CAMPAIGN_TOOLS } from './campaigns.js';
import { MESSAGE_TOOLS } from './messages.js';
import { TTS_TOOLS } from './tts.js';

export const TOOLS: Tool[] = [...TTS_TOOLS, ...CAMPAIGN_TOOLS, ...MESSAGE_TOOLS];
