// On a terminal, what a contacts file needs and a flag would give (the column of its phone numbers, the country
// of its national numbers) is asked for, instead of an error naming a flag the prompt cannot take. The answers
// are then printed as the flags that give them, for the next run in a script.
import type { Factory } from '../factory.js';
import { terminalSafe } from '../io/safe.js';
import { shellWord } from '../io/shell.js';
import { MissingInputError } from './columns.js';
import { countryName } from './report.js';

export interface Answerable {
  phoneColumn?: string[];
  defaultCountry?: string;
}

/**
 * Runs `attempt` with `opts`; when it fails for want of a phone column or a country and the user is at a
 * terminal, asks for it and runs again. Each question is asked at most once.
 */
export async function withAnswers<T, O extends Answerable>(
  f: Factory,
  opts: O,
  /** `asked`: some question was answered (show what the answers give before writing anything). */
  attempt: (opts: O, asked: boolean) => Promise<T>,
): Promise<T> {
  let current = opts;
  const answered: string[] = [];
  for (;;) {
    try {
      const result = await attempt(current, answered.length > 0);
      if (answered.length) f.log.warn(`note: next time, add ${answered.join(' ')} to skip these questions`);
      return result;
    } catch (err) {
      if (!(err instanceof MissingInputError) || !f.io.canPrompt()) throw err;
      const p = await f.prompter();
      if ('phoneColumn' in err.need && !current.phoneColumn) {
        f.log.warn(`${err.message}.`);
        const column = await p.select(
          'Which column holds the phone numbers?',
          err.need.phoneColumn.map((h) => ({ value: h, name: terminalSafe(h) })),
        );
        current = { ...current, phoneColumn: [column] };
        answered.push(`--phone-column ${shellWord(column)}`);
      } else if ('country' in err.need && !current.defaultCountry) {
        const code = await askCountry(f, err.need.suggest);
        current = { ...current, defaultCountry: code };
        answered.push(`--default-country ${code}`);
      } else throw err;
    }
  }
}

/** The country of numbers written without + and a country code; the file's own numbers may propose one. */
async function askCountry(f: Factory, suggest?: string): Promise<string> {
  const { isCountry } = await import('./phone.js');
  const p = await f.prompter();
  f.log.warn('Some numbers are written without + and a country code.');
  if (suggest) {
    f.log.warn(
      `The file's numbers written with a country code are of ${countryName(suggest)} (${suggest}): press Enter to take it.`,
    );
  }
  const answer = await p.input('Which country do numbers without + belong to? (ISO code, e.g. IT, DE, GB, US)', {
    ...(suggest ? { default: suggest } : {}),
    validate: (v) => (isCountry(v.trim().toUpperCase()) ? true : 'a two-letter ISO country code, such as IT or US'),
  });
  return answer.trim().toUpperCase();
}
