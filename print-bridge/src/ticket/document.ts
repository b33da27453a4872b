/**
 * A ticket as a list of printed lines, laid out once: the ESC/POS bytes and the text preview are
 * both made from it, so the preview shows exactly the lines the printer gets. Lines are wrapped
 * here (not by the printer) for the same reason.
 */
export type Align = 'left' | 'center' | 'right';

export interface TextStyle {
  align?: Align;
  /** Character width and height multipliers (1 or 2): big type for kitchen tickets. */
  width?: 1 | 2;
  height?: 1 | 2;
  bold?: boolean;
  /** White on black: the area banner and 'COPIA DI RISERVA'. */
  invert?: boolean;
}

export type Op =
  | { op: 'text'; text: string; align: Align; width: 1 | 2; height: 1 | 2; bold: boolean; invert: boolean }
  | { op: 'rule' }
  | { op: 'feed'; lines: number }
  | { op: 'cut' };

/** Word wrap to `width` characters; lines after the first start with `indent`; long words split. */
export function wrap(text: string, width: number, indent = ''): string[] {
  const out: string[] = [];
  const limit = () => (out.length === 0 ? width : Math.max(1, width - indent.length));
  const emit = (line: string) => out.push(out.length === 0 ? line : indent + line);
  for (const paragraph of text.replace(/\r/g, '').split('\n')) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    // Leading spaces are layout (a variant under its dish): keep them on the first line.
    const lead = /^ */.exec(paragraph)?.[0] ?? '';
    if (words[0] !== undefined) words[0] = lead + words[0];
    let line = '';
    for (let word of words) {
      for (;;) {
        if (line === '') {
          if (word.length <= limit()) {
            line = word;
            break;
          }
          const room = limit();
          emit(word.slice(0, room));
          word = word.slice(room);
          continue;
        }
        if (line.length + 1 + word.length <= limit()) {
          line = `${line} ${word}`;
          break;
        }
        emit(line);
        line = '';
      }
    }
    if (line !== '' || words.length === 0) emit(line);
  }
  return out;
}

export class TicketBuilder {
  readonly ops: Op[] = [];
  constructor(readonly columns: number) {}

  /** Characters a line holds in this style. */
  widthOf(style: TextStyle = {}): number {
    return Math.floor(this.columns / (style.width ?? 1));
  }

  /** A paragraph, wrapped; continuation lines start with `indent`. */
  text(text: string, style: TextStyle = {}, indent = ''): this {
    for (const line of wrap(text, this.widthOf(style), indent)) this.push(line, style);
    return this;
  }

  /** `left` and `right` on one line (a dish and its price); `left` wraps under itself. */
  pair(left: string, right: string, style: TextStyle = {}, indent = '   '): this {
    const width = this.widthOf(style);
    const lines = wrap(left, Math.max(8, width - right.length - 1), indent);
    const first = lines[0] ?? '';
    this.push(first + ' '.repeat(Math.max(1, width - first.length - right.length)) + right, style);
    for (const line of lines.slice(1)) this.push(line, style);
    return this;
  }

  rule(): this {
    this.ops.push({ op: 'rule' });
    return this;
  }

  feed(lines = 1): this {
    this.ops.push({ op: 'feed', lines });
    return this;
  }

  cut(): this {
    this.ops.push({ op: 'cut' });
    return this;
  }

  private push(text: string, style: TextStyle): void {
    this.ops.push({
      op: 'text',
      text,
      align: style.align ?? 'left',
      width: style.width ?? 1,
      height: style.height ?? 1,
      bold: style.bold ?? false,
      invert: style.invert ?? false,
    });
  }
}
