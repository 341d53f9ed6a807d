// How deeply a document from outside nests. A body nested 200,000 deep is no campaign: read as it is, it overflows the
// stack of whatever walks it next (the YAML composer, zod, the placeholder search), which said "This is a bug".
// Measured without recursion, before the document is walked, and refused as a usage error naming the place.

/** The deepest nesting voicectl reads in a file: a campaign body is 5 deep (contacts[].contact_attempts[].field). */
export const MAX_NESTING = 64;

/**
 * The offset at which JSON `text` opens its (max + 1)th nested array or object, or undefined when it stays within
 * `max`. Brackets inside strings do not count; the text need not be valid JSON (JSON.parse says what else is wrong).
 */
export function jsonTooDeepAt(text: string, max = MAX_NESTING): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/** Whether a parsed value nests deeper than `max` arrays and objects (walked with a stack of its own). */
export function tooDeep(value: unknown, max = MAX_NESTING): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  const seen = new Set<object>();
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (!v || typeof v !== 'object' || seen.has(v)) continue;
    if (d + 1 > max) return true;
    seen.add(v);
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}
