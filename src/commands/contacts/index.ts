// contacts: campaign contacts from spreadsheet exports.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { GROUP_SUMMARY } from '../groups.js';
import { convertCommand } from './convert.js';

export const group = defineGroup({
  name: 'contacts',
  summary: GROUP_SUMMARY.contacts,
  examples: [
    'voicectl contacts convert leads.csv --default-country IT > contacts.json',
    'voicectl contacts convert leads.csv --default-country IT --skip-invalid --rejects rejected.csv --out contacts.json',
  ],
  commands: [convertCommand],
});

export const make = (f: Factory, words?: ReadonlySet<string>): Command => makeGroup(f, group, words);
