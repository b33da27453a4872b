import type { BusinessRow } from '@comanda/shared-schema';
// Type-only: `data/mutators.ts` imports this file, so a value import would be a cycle.
import type { EntityView, MutatorsFor } from '../../data/view.ts';

function venue(view: EntityView): BusinessRow | undefined {
  return view.list<BusinessRow>('business')[0];
}

/**
 * The profile's settings replayed on the venue's row (mirroring `sync-server/src/profile/` and
 * `delivery/settings-route.ts`): the screen, the dashboard and the delivery desk show a change at
 * once, with the Wi-Fi down too, and the server's answer replaces it once caught up.
 */
export const profileMutators = {
  ownerProfileSet: {
    entities: ['business'],
    apply: (view, body) => {
      const row = venue(view);
      if (!row) return;
      const next: BusinessRow = { ...row };
      if (body.name !== undefined) next.name = body.name.trim();
      if (body.costoConsegna !== undefined) next.costoConsegna = body.costoConsegna;
      if (body.openingTime !== undefined) next.openingTime = body.openingTime;
      if (body.closingTime !== undefined) next.closingTime = body.closingTime;
      if (body.openConsegna !== undefined) next.openConsegna = body.openConsegna;
      if (body.closeConsegna !== undefined) next.closeConsegna = body.closeConsegna;
      if (body.abilitaConsegna !== undefined) next.abilitaConsegna = body.abilitaConsegna;
      if (body.is_closed !== undefined) next.is_closed = body.is_closed;
      if (body.messaggioChiusura !== undefined)
        next.messaggioChiusura = body.messaggioChiusura?.trim() || null;
      if (body.ownerIp !== undefined) next.ownerIp = body.ownerIp?.trim() || null;
      view.put('business', row.id, next);
    },
  },
  ownerVersionSet: {
    // The owner account's version rides on the venue's row (one account runs one venue).
    entities: ['business'],
    apply: (view, body) => {
      const row = venue(view);
      if (!row) return;
      view.put('business', row.id, { ...row, userVersion: body.version } satisfies BusinessRow);
    },
  },
  deliverySettingsSet: {
    entities: ['business'],
    apply: (view, body) => {
      const row = venue(view);
      if (!row) return;
      view.put('business', row.id, {
        ...row,
        ...(body.deliveryCities !== undefined ? { deliveryCities: body.deliveryCities } : {}),
        ...(body.slotCapacity !== undefined ? { slotCapacity: body.slotCapacity } : {}),
        ...(body.slotAreaCapacity !== undefined ? { slotAreaCapacity: body.slotAreaCapacity } : {}),
      } satisfies BusinessRow);
    },
  },
} satisfies MutatorsFor;
