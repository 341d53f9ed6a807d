// Text to bytes in the multi-byte legacy encodings (shift_jis, euc-kr, gbk, big5), which the platform decodes
// but has no encoder for: the table is the platform's own decoder, run over every one- and two-byte sequence.
const tables = new Map<string, Map<string, number[]>>();

function table(encoding: string): Map<string, number[]> {
  let t = tables.get(encoding);
  if (t) return t;
  t = new Map();
  const d = new TextDecoder(encoding, { fatal: true });
  const add = (bytes: number[]) => {
    let ch: string;
    try {
      ch = d.decode(Uint8Array.from(bytes));
    } catch {
      return;
    }
    // The first sequence a character decodes from is the one written (a few have two, as in CP932).
    if ([...ch].length === 1 && !t!.has(ch)) t!.set(ch, bytes);
  };
  for (let b = 0x80; b <= 0xff; b++) add([b]);
  for (let lead = 0x81; lead <= 0xfe; lead++) for (let trail = 0x40; trail <= 0xfe; trail++) add([lead, trail]);
  tables.set(encoding, t);
  return t;
}

/** `text` in `encoding`; a character it cannot write is an error (the test's text is wrong, not the code). */
export function legacyBytes(text: string, encoding: string): Buffer {
  const t = table(encoding);
  const out: number[] = [];
  for (const ch of text) {
    if (ch < '\x80') out.push(ch.charCodeAt(0));
    else {
      const b = t.get(ch);
      if (!b) throw new Error(`${encoding} has no ${ch} (U+${ch.codePointAt(0)!.toString(16)})`);
      out.push(...b);
    }
  }
  return Buffer.from(out);
}
