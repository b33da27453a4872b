import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** An AudioContext as a browser's autoplay policy leaves it after a reload: suspended until a tap. */
class SuspendedAudio extends EventTarget {
  static made = 0;
  state: AudioContextState = 'suspended';
  constructor() {
    super();
    SuspendedAudio.made += 1;
  }
  resume(): Promise<void> {
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
    return Promise.resolve();
  }
}

/** A fresh sound module (it keeps one audio context per page) with the browser's audio stubbed. */
async function freshPrompt(Audio: unknown) {
  vi.resetModules();
  vi.stubGlobal('AudioContext', Audio);
  const { SoundPrompt } = await import('./sound-prompt.tsx');
  return SoundPrompt;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Each test imports the prompt afresh: the first import (react-aria) is slow on a busy machine.
describe('sound prompt', { timeout: 20_000 }, () => {
  it('asks for a tap while the browser blocks sound, and goes once tapped', async () => {
    const SoundPrompt = await freshPrompt(SuspendedAudio);
    render(<SoundPrompt />);
    const prompt = screen.getByRole('button', { name: 'Tocca per attivare i suoni' });
    await act(async () => {
      fireEvent.click(prompt);
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Tocca per attivare i suoni' })).toBeNull(),
    );
  });

  it('goes with the first tap anywhere on the page, as a cook tapping a dish', async () => {
    const SoundPrompt = await freshPrompt(SuspendedAudio);
    render(
      <>
        <SoundPrompt />
        <p>Tavolo 3</p>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Tocca per attivare i suoni' })).toBeTruthy();
    await act(async () => {
      fireEvent.pointerDown(screen.getByText('Tavolo 3'));
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Tocca per attivare i suoni' })).toBeNull(),
    );
  });

  it('shows nothing when sound may play', async () => {
    class Running extends SuspendedAudio {
      override state: AudioContextState = 'running';
    }
    const SoundPrompt = await freshPrompt(Running);
    const { container } = render(<SoundPrompt />);
    expect(container.textContent).toBe('');
  });
});
