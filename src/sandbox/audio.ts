// The sandbox's audio: a WAV file (PCM, 16-bit, mono, 8 kHz) whose length follows the text and the speed,
// a short tone per letter with silence at spaces and punctuation, so that players show something that
// sounds like the rhythm of the text. Computed on request from the generation, never stored.

const SAMPLE_RATE = 8000;
/** Characters spoken per second at speed 1. */
const CHARS_PER_SECOND = 15;

function audioSeconds(characters: number, speed: number): number {
  return Math.max(0.25, characters / (CHARS_PER_SECOND * speed));
}

export function renderWav(text: string, speed: number): Buffer {
  const chars = Array.from(text);
  const seconds = audioSeconds(chars.length, speed);
  const samples = Math.round(seconds * SAMPLE_RATE);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(SAMPLE_RATE, 24);
  buf.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(samples * 2, 40);
  const perChar = samples / Math.max(1, chars.length);
  for (let i = 0; i < samples; i++) {
    const idx = Math.min(chars.length - 1, Math.floor(i / perChar));
    const ch = chars[idx] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(ch)) continue; // silence
    const freq = 160 + ((ch.codePointAt(0) ?? 0) % 24) * 12;
    const pos = (i % perChar) / perChar; // 0..1 inside the letter
    const envelope = Math.sin(Math.PI * pos) * 0.3;
    buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * freq * i) / SAMPLE_RATE) * envelope * 32767), 44 + i * 2);
  }
  return buf;
}
