// How a generation reads, on a terminal or not, for every tts verb. Loaded only when a verb runs (the flags of
// waiting, which the commands need to be defined, are in common.ts).
import type { Factory } from '../../factory.js';
import { cell, oneLine } from '../../io/format.js';
import { printList, printRecord, type Column, type Field } from '../../io/output.js';
import type { TtsGeneration } from '../../schemas/tts.js';
import { explainFailure } from '../../tts/failures.js';

type Rec = Record<string, unknown>;

const tokens = (r: Rec) => (typeof r.tokenCost === 'number' ? `${r.tokenCost} tokens` : '');
const error = (r: Rec) => {
  if (!r.errorMessage) return '';
  const info = explainFailure(String(r.errorMessage));
  return `${cell(r.errorMessage)}: ${info.meaning} (${info.retryable === true ? 'a retry can help' : info.retryable === false ? 'a retry will not help' : 'retry unknown'})`;
};

export const GENERATION_FIELDS: Field[] = [
  { key: 'id', label: 'ID' },
  { key: 'status', label: 'Status' },
  { key: 'text', label: 'Text', human: (r) => oneLine(r.text), width: 120 },
  { key: 'characterCount', label: 'Characters' },
  { key: 'voice', label: 'Voice' },
  { key: 'language', label: 'Language' },
  { key: 'speed', label: 'Speed' },
  { key: 'stability', label: 'Stability' },
  { key: 'similarityBoost', label: 'Similarity boost' },
  { key: 'style', label: 'Style' },
  { key: 'source', label: 'Source' },
  { key: 'tokenCost', label: 'Tokens charged', human: tokens },
  { key: 'audioUrl', label: 'Audio' },
  { key: 'errorMessage', label: 'Error', human: error },
  { key: 'createdAt', label: 'Created', time: true },
  { key: 'completedAt', label: 'Completed', time: true },
];

export const GENERATION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'status', header: 'STATUS' },
  // On a narrow terminal CHARS goes first, then TOKENS, VOICE and CREATED (tts get shows them all); TEXT takes what is left.
  { key: 'voice', header: 'VOICE', drop: 2 },
  { key: 'characterCount', header: 'CHARS', drop: 4 },
  { key: 'tokenCost', header: 'TOKENS', drop: 3 },
  { key: 'createdAt', header: 'CREATED', time: true, drop: 1 },
  { key: 'text', header: 'TEXT', human: (r) => oneLine(r.text), width: 40, fill: 12 },
];

/** Columns of -o csv: every field of reference 2.1, in the order `tts get` shows them (one order per resource). */
export const GENERATION_CSV_COLUMNS: Column[] = GENERATION_FIELDS.map(({ key }) => ({ key }));

/** One record as an object, several as a list. */
export async function printGenerations(f: Factory, records: TtsGeneration[], single: boolean): Promise<void> {
  const out = f.output();
  if (single && records.length === 1) return printRecord(f.io, out, records[0], GENERATION_FIELDS);
  await printList(f.io, out, records, {
    columns: out.format === 'table' ? GENERATION_COLUMNS : GENERATION_CSV_COLUMNS,
  });
}
