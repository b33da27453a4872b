import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';

/**
 * Reads ESC/POS bytes back as text, the way a printer would lay them out: tests and the bench
 * check what reached the fake printer (table number, lines, total) without trusting the
 * renderer. Knows the commands the encoder emits; any other command is an error, so a change in
 * the output is noticed.
 */
export interface DecodedLine {
  text: string;
  /** Largest character width/height used on the line. */
  width: number;
  height: number;
  bold: boolean;
  invert: boolean;
}

export interface DecodedTicket {
  lines: DecodedLine[];
  /** Lines as plain text, trailing spaces removed. */
  text: string;
  cuts: number;
}

/** ESC t n: the numbers of the code pages a ticket uses (Epson's table). */
const CODEPAGES: Record<number, Codepage> = { 0: 'cp437', 2: 'cp850', 16: 'windows1252', 19: 'cp858' };

const decoders = new Map<number, number[]>();
function codepoints(n: number): number[] {
  let table = decoders.get(n);
  if (!table) {
    const name = CODEPAGES[n];
    if (!name) throw new Error(`escpos: unknown code page ESC t ${n}`);
    table = CodepageEncoder.getEncoding(name).codepoints;
    decoders.set(n, table);
  }
  return table;
}

export function decodeEscpos(input: Uint8Array): DecodedTicket {
  const lines: DecodedLine[] = [];
  let page = 0;
  let size = 0x00;
  let bold = false;
  let invert = false;
  let cuts = 0;
  let current: DecodedLine = { text: '', width: 1, height: 1, bold: false, invert: false };
  const flush = () => {
    lines.push({ ...current, text: current.text.trimEnd() });
    current = { text: '', width: 1, height: 1, bold: false, invert: false };
  };
  for (let i = 0; i < input.length; i++) {
    const b = input[i] ?? 0;
    const n = input[i + 1];
    const arg = input[i + 2] ?? 0;
    if (b === 0x1b) {
      i += 2;
      if (n === 0x40) {
        i -= 1;
        page = 0;
        size = 0;
        bold = false;
        invert = false;
      } else if (n === 0x74) page = arg;
      else if (n === 0x45) bold = arg === 1;
      else if (n === 0x64) for (let k = 0; k < arg; k++) flush();
      else if (![0x4d, 0x61, 0x2d, 0x21, 0x47, 0x7b].includes(n ?? -1)) {
        throw new Error(`escpos: unknown command ESC ${n?.toString(16)} at ${i - 2}`);
      }
    } else if (b === 0x1d) {
      i += 2;
      if (n === 0x21) size = arg;
      else if (n === 0x42) invert = arg === 1;
      else if (n === 0x56) {
        cuts += 1;
        if (arg === 65 || arg === 66 || arg === 97 || arg === 98) i += 1;
      } else if (n !== 0x72) throw new Error(`escpos: unknown command GS ${n?.toString(16)} at ${i - 2}`);
    } else if (b === 0x1c) {
      if (n !== 0x2e) throw new Error(`escpos: unknown command FS ${n?.toString(16)} at ${i}`);
      i += 1;
    } else if (b === 0x10) {
      i += 2; // DLE EOT n: a status request, not text
    } else if (b === 0x0a) flush();
    else if (b === 0x0d) {
      // carriage return: nothing to lay out
    } else {
      const char = String.fromCodePoint(b < 0x80 ? b : (codepoints(page)[b] ?? 0xfffd));
      current.text += char;
      if (char !== ' ') {
        current.width = Math.max(current.width, (size >> 4) + 1);
        current.height = Math.max(current.height, (size & 0x0f) + 1);
        current.bold ||= bold;
        current.invert ||= invert;
      }
    }
  }
  if (current.text !== '') flush();
  return { lines, text: lines.map((l) => l.text).join('\n'), cuts };
}
