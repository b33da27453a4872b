import { t, tf } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgePairing } from './bridge-pairing.tsx';
import { bridgeTokens, TOKENS_KEY } from './bridge-tokens.ts';
import { FakeBridgeSocket } from './fake-bridge-socket.ts';
import { deviceLabel } from './pairing.ts';

const URL = 'wss://192.168.1.20:3001/';
const TOKEN = 'P'.repeat(43);

beforeEach(() => {
  FakeBridgeSocket.reset();
  vi.stubGlobal('WebSocket', FakeBridgeSocket);
});
afterEach(() => {
  cleanup();
  bridgeTokens().forget(URL);
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function submit(code: string) {
  const field = screen.getByRole('textbox', { name: t.pairingCodeLabel });
  await act(async () => {
    fireEvent.change(field, { target: { value: code } });
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: t.pairPrinter }));
  });
}

describe("Profilo: pairing this tablet with the venue's print bridge", () => {
  it('sends the code to the bridge and keeps the token it answers, for that bridge', async () => {
    render(<BridgePairing ownerIp="192.168.1.20" />);
    expect(screen.getByRole('heading', { name: t.pairPrinter })).toBeTruthy();
    expect(screen.getByText(t.printerNotPairedHere)).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);

    await submit('123 456');
    const socket = FakeBridgeSocket.last;
    expect(socket?.url).toBe(URL);
    await act(async () => socket?.open());
    expect(socket?.sent).toEqual([{ type: 'PAIR', code: '123456', label: expect.any(String) }]);
    await act(async () => socket?.answer('PAIRED', { deviceId: 'a1b2c3d4', token: TOKEN, label: 'x' }));
    expect(await screen.findByText(t.printerPairedNow)).toBeTruthy();
    expect(screen.getByText(t.printerPaired)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(TOKENS_KEY) ?? '{}')).toEqual({ [URL]: TOKEN });
    expect(socket?.readyState).toBe(3); // the pairing socket is closed once answered
    expect(await seriousViolations()).toEqual([]);
  });

  it('a code that is not 6 digits goes nowhere; a wrong or old code says what to do', async () => {
    render(<BridgePairing ownerIp="192.168.1.20" />);
    await submit('12a');
    expect(await screen.findByText(t.pairingCodeInvalid)).toBeTruthy();
    expect(FakeBridgeSocket.made).toEqual([]);
    expect(screen.getByRole('textbox', { name: t.pairingCodeLabel }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await seriousViolations()).toEqual([]);

    await submit('000000');
    await act(async () => FakeBridgeSocket.last?.open());
    await act(async () =>
      FakeBridgeSocket.last?.answer('PRINT_ERROR', {
        code: 'PAIRING_CODE_WRONG',
        error: 'Codice di abbinamento errato',
        type: 'PAIR',
        attemptsLeft: 4,
      }),
    );
    expect(await screen.findByText(tf.pairingCodeWrong(4))).toBeTruthy();

    await submit('111111');
    await act(async () => FakeBridgeSocket.last?.open());
    await act(async () =>
      FakeBridgeSocket.last?.answer('PRINT_ERROR', {
        code: 'PAIRING_CODE_EXPIRED',
        error: 'scaduto',
        type: 'PAIR',
      }),
    );
    expect(await screen.findByText(t.pairingCodeExpired)).toBeTruthy();

    // A bridge that cannot be reached (wrong address, certificate not accepted, origin refused).
    await submit('222222');
    await act(async () => FakeBridgeSocket.last?.fail());
    expect(await screen.findByText(t.pairingUnreachable)).toBeTruthy();
    expect(localStorage.getItem(TOKENS_KEY)).toBeNull();
  });

  it('no bridge address: nothing to pair', () => {
    const { container } = render(<BridgePairing ownerIp={null} />);
    expect(container.textContent).toBe('');
  });

  it("names the device for the bridge's list from its browser", () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      ),
    ).toBe('Chrome su Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari su iPad');
    expect(deviceLabel('')).toBe('Browser');
  });
});
