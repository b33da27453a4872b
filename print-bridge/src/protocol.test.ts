import { describe, expect, it } from 'vitest';
import { parseMessage } from './protocol.ts';
import { printMessage, tableData } from './testing/sample-data.ts';

describe('parseMessage', () => {
  it('takes a print message with its job key', () => {
    const parsed = parseMessage(printMessage(tableData(5), { jobId: 'tab-5:1', sconto: 50 }));
    expect(parsed).toMatchObject({ kind: 'print', type: 'PRINT_ORDER_TABLE', jobId: 'tab-5:1', sconto: 50 });
  });

  it('answers a status request', () => {
    expect(parseMessage('{"type":"PRINTER_STATUS"}')).toEqual({ kind: 'status' });
  });

  it('refuses what is not JSON, an unknown or missing type, a bad payload', () => {
    expect(parseMessage('{oops')).toMatchObject({ kind: 'error', code: 'INVALID_JSON' });
    expect(parseMessage('[1,2]')).toMatchObject({ kind: 'error', code: 'UNKNOWN_TYPE' });
    expect(parseMessage('{"type":"PRINT_MENU"}')).toMatchObject({
      kind: 'error',
      code: 'UNKNOWN_TYPE',
      type: 'PRINT_MENU',
      error: 'Tipo di stampa sconosciuto: PRINT_MENU',
    });
    const bad = parseMessage(
      JSON.stringify({ type: 'PRINT_ORDER_R_C', data: { id: 1 }, sconto: 0, jobId: 'j1' }),
    );
    expect(bad).toMatchObject({ kind: 'error', code: 'INVALID_MESSAGE', jobId: 'j1' });
    expect(parseMessage(printMessage(tableData(1), { sconto: -1 }))).toMatchObject({
      code: 'INVALID_MESSAGE',
    });
    expect(parseMessage(printMessage(tableData(1), { jobId: 'no spaces' }))).toMatchObject({
      code: 'INVALID_MESSAGE',
    });
  });
});
