import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { line, order, press, renderDashboard } from './dashboard-test-harness.tsx';

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('dashboard lines of a card order', () => {
  it('advance the kitchen status, but a deleted one is not offered for restore', async () => {
    // Restoring a line would change what the card payment charged; the server refuses it.
    const { db } = await renderDashboard('/owner/dashboard', [
      { entity: 'order', entityId: 'o1', data: { ...order, paymentIntentId: 'pi_1' } },
      { entity: 'line', entityId: 'l2', data: line('l2', 'Spritz', { status: 'owner_deleted' }) },
    ]);
    const deleted = screen.getByRole('button', { name: /Spritz Eliminato/ });
    expect(deleted.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /Spritz Ripristina/ })).toBeNull();
    await press(deleted);
    await press(screen.getByRole('button', { name: /Carbonara In preparazione/ }));
    await screen.findByRole('button', { name: /Carbonara Pronto/ });
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.body])).toEqual([
      ['dashboardStatusSet', { id: 'l1', status: 'ready' }],
    ]);
  });

  it('a cash order still restores a deleted line', async () => {
    await renderDashboard('/owner/dashboard', [
      { entity: 'line', entityId: 'l2', data: line('l2', 'Spritz', { status: 'owner_deleted' }) },
    ]);
    const restore = screen.getByRole('button', { name: /Spritz Ripristina/ });
    expect(restore.hasAttribute('disabled')).toBe(false);
  });
});
