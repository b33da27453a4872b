import { type BusinessRow, t } from '@comanda/shared-schema';
import { act, screen } from '@testing-library/react';
import type { ComandaDb } from '../../data/db.ts';
import { BIZ, renderOwnerScreen } from '../../test/owner-screen.tsx';
import { x } from '../../texts-extra.ts';
import OwnerProfileScreen from './index.tsx';

// The profile under test, as test/owner-screen.tsx hosts an owner screen.

export { BIZ, outbox, press, type } from '../../test/owner-screen.tsx';

export const venue: BusinessRow = {
  id: BIZ,
  name: 'Trattoria Demo',
  costoConsegna: 250,
  openingTime: '18:00',
  closingTime: '02:00',
  ownerIp: null,
  openConsegna: '19:00',
  closeConsegna: '23:30',
  abilitaConsegna: 1,
  orderEnabled: 1,
  chatEnabled: 1,
  is_closed: 0,
  messaggioChiusura: null,
  deliveryCities: ['Avella', 'Baiano'],
  slotCapacity: 2,
  userVersion: 1,
};

export interface Harness {
  db: ComandaDb;
}

export async function renderProfile(opts: { row?: BusinessRow } = {}): Promise<Harness> {
  // Every server read fails: the profile is drawn from the device database alone.
  const { db } = await renderOwnerScreen({
    path: '/owner/profile',
    seed: [{ entity: 'business', entityId: BIZ, data: opts.row ?? venue }],
    routes: [{ path: 'owner/profile', Component: OwnerProfileScreen }],
  });
  await screen.findByRole('heading', { level: 1, name: x.navProfile });
  await screen.findByRole('region', { name: t.profileVenueSection });
  return { db };
}

/** What the replayer does once the server answered: the entry is acked (or refused). */
export async function judge(db: ComandaDb, mutationId: number, refusal?: string) {
  await act(async () => {
    await db.outbox.update(
      mutationId,
      refusal
        ? { status: 'refused', error: refusal, errorCode: 'VALIDATION' }
        : { status: 'acked', ackVersion: 6, ackedAt: Date.now() },
    );
  });
}
