import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';
import { makeConvertCommand } from './convert.js';

export function make(f: Factory): Command {
  const cmd = new Command('contacts').description('Campaign contacts from spreadsheet exports (CSV).');
  cmd.addCommand(makeConvertCommand(f));
  return examples(cmd, [
    'voicectl contacts convert leads.csv --default-country IT > contacts.json',
    'voicectl contacts convert leads.csv --default-country IT --skip-invalid --rejects rejected.csv --out contacts.json',
  ]);
}
