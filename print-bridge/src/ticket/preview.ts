import type { Op } from './document.ts';
import { ticketTexts } from './texts.ts';

/**
 * The readable preview written beside the bytes: the same lines in the same order. Large type
 * cannot show in plain text, so a double-width line is a normal line, centred on the paper.
 */
export function previewText(ops: readonly Op[], columns: number): string {
  const out: string[] = [];
  for (const op of ops) {
    switch (op.op) {
      case 'text': {
        // Centred or right-aligned on the preview's full width, so large type still looks centred.
        const pad = Math.max(0, columns - op.text.length);
        const left = op.align === 'center' ? Math.floor(pad / 2) : op.align === 'right' ? pad : 0;
        out.push((' '.repeat(left) + op.text).trimEnd());
        break;
      }
      case 'rule':
        out.push('-'.repeat(columns));
        break;
      case 'feed':
        for (let i = 0; i < op.lines; i++) out.push('');
        break;
      case 'cut':
        out.push(ticketTexts.cut.slice(0, columns));
        break;
    }
  }
  return `${out.join('\n')}\n`;
}
