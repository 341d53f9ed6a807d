// The command groups' summaries, written once: the root help lists them (without loading any group), each group's
// help opens with its own. A group's summary names its commands: test/frame/help.test.ts fails when one is missing.
export const GROUP_SUMMARY = {
  tts: 'text-to-speech generations: create, get, list, wait, download',
  voices: 'the built-in voice catalog: list',
  campaigns: 'AI call campaigns: create, start, list, show, wait, results, resources',
  contacts: 'spreadsheet exports (CSV) to campaign contacts: convert',
  messages: 'message history and SMS: list, send-sms',
  calls: 'call records: list',
  api: 'make a raw API request with your credentials',
  profiles: 'stored credentials: add, list, use, remove, show',
  auth: 'the configured API key: status',
  completion: 'shell completion script for bash, zsh or fish',
  sandbox: 'the local sandbox API server: status, stop',
  mcp: 'serve the Voice API to AI agents (Model Context Protocol, stdio)',
  version: 'versions, platform, config dir and sandbox: what a bug report needs',
} as const;
