// `campaigns create --file campaign.json`: the create body of the reference (4.4) from a file. Read in its
// encoding (UTF-8 unless --encoding or a BOM says otherwise), refused whole when it names a field the
// reference does not have: a misspelled "maxRetry" silently dropped would run the campaign with no retries.
import { CliError, UsageError } from '../errors.js';
import { decodeText } from '../io/encoding.js';
import { terminalSafe } from '../io/safe.js';
import { describeValue } from '../options.js';
import { CampaignCreate } from '../schemas/campaigns.js';
import { editDistance } from '../suggest.js';

/** The body fields of the reference, 4.4. */
const BODY_FIELDS: readonly string[] = Object.keys(CampaignCreate.shape);

/** The known field closest to a misspelled one, when it is close enough to be a slip. */
function closestField(name: string): string | undefined {
  const x = name.toLowerCase();
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const f of BODY_FIELDS) {
    const y = f.toLowerCase();
    // A field cut short ("retryDelay" for retryDelayMinutes) counts as a slip too.
    const d = x.length >= 4 && y.startsWith(x) ? 1 : editDistance(x, y);
    if (d < bestD) [best, bestD] = [f, d];
  }
  return bestD <= Math.max(2, Math.ceil(x.length / 3)) ? best : undefined;
}

export async function readBodyFile(file: string, encoding?: string): Promise<Record<string, unknown>> {
  const { MAX_BODY_FILE_BYTES, bodyTooLarge, readInputFile } = await import('../io/input-file.js');
  let data: Buffer;
  try {
    data = await readInputFile(file, { maxBytes: MAX_BODY_FILE_BYTES, tooLarge: bodyTooLarge(`--file: ${file}`) });
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new UsageError(
      `--file: cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
    );
  }
  const text = decodeText(data, encoding, `--file: ${file}`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--file: ${file} is not valid JSON: ${(err as Error).message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new UsageError(`--file: ${file} must hold one JSON object (the create body of the reference, 4.4)`);
  const unknown = Object.keys(doc).filter((k) => !BODY_FIELDS.includes(k));
  if (unknown.length) {
    const lines = unknown.map((k) => {
      const near = closestField(k);
      return `--file: ${file}: unknown field ${terminalSafe(describeValue(k))}${near ? `; did you mean "${near}"?` : ''}`;
    });
    throw new UsageError(lines[0], {
      hints: [
        ...lines.slice(1),
        `The fields of a campaign (reference 4.4): ${BODY_FIELDS.join(', ')}. Nothing was sent.`,
      ],
    });
  }
  return doc as Record<string, unknown>;
}
