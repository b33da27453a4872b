import { type BusinessRow, t } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import {
  closedChange,
  closedDraft,
  closedSwitchChange,
  deliveryChange,
  deliveryDraft,
  flagChange,
  printerChange,
  printerDraft,
  venueChange,
  venueDraft,
} from './profile-logic.ts';

const row: BusinessRow = {
  id: 'b1',
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
};

describe('the profile forms', () => {
  it('send only what changed, trimmed, and nothing when nothing did', () => {
    expect(venueChange(row, venueDraft(row))).toEqual({ body: null, errors: {} });
    expect(venueChange(row, { ...venueDraft(row), name: ' Osteria ', closingTime: '01:30' }).body).toEqual({
      name: 'Osteria',
      closingTime: '01:30',
    });
    expect(closedChange(row, { message: '  Ferie  ' }).body).toEqual({ messaggioChiusura: 'Ferie' });
    expect(closedChange({ ...row, is_closed: 1, messaggioChiusura: 'x' }, closedDraft(row)).body).toEqual({
      messaggioChiusura: null,
    });
    expect(printerChange(row, { address: ' 192.168.1.20:3001 ' }).body).toEqual({
      ownerIp: '192.168.1.20:3001',
    });
    expect(printerChange(row, printerDraft(row)).body).toBeNull();
  });

  it('apply a switch on its own; the closed switch takes a message typed but not saved', () => {
    expect(flagChange(row, { abilitaConsegna: 0 }).body).toEqual({ abilitaConsegna: 0 });
    expect(flagChange(row, { abilitaConsegna: 1 }).body).toBeNull();
    expect(closedSwitchChange(row, true, closedDraft(row)).body).toEqual({ is_closed: 1 });
    expect(closedSwitchChange(row, true, { message: ' Ferie ' }).body).toEqual({
      is_closed: 1,
      messaggioChiusura: 'Ferie',
    });
    // A message the server would refuse stays in its field; the switch still applies.
    expect(closedSwitchChange(row, true, { message: 'x'.repeat(501) }).body).toEqual({ is_closed: 1 });
    expect(closedSwitchChange({ ...row, is_closed: 1 }, false, closedDraft(row)).body).toEqual({
      is_closed: 0,
    });
  });

  it('say what is wrong, per field, with the same rules as the server', () => {
    expect(venueChange(row, { ...venueDraft(row), openingTime: '25:00', name: ' ' }).errors).toEqual({
      openingTime: t.invalidTime,
      name: t.requiredField,
    });
    expect(printerChange(row, { address: 'http://bridge/' }).errors).toEqual({ ownerIp: t.invalidHost });
    const bad = deliveryChange(row, {
      ...deliveryDraft(row),
      fee: '2,555',
      to: '24:00',
      cities: [],
      capacity: 'tanti',
      areas: { cucina: '', bar: '0', fritti: '' },
    });
    expect(bad.profile).toBeNull();
    expect(bad.settings).toBeNull();
    expect(Object.keys(bad.errors).sort()).toEqual(
      ['area.bar', 'closeConsegna', 'costoConsegna', 'deliveryCities', 'slotCapacity'].sort(),
    );
    expect(bad.errors.costoConsegna).toBe(t.invalidPrice);
    expect(bad.errors.deliveryCities).toBe(t.deliveryCitiesRequired);
  });

  it('split the delivery section into the profile call and the delivery settings call', () => {
    const draft = deliveryDraft(row);
    expect(draft.fee).toBe('2,50');
    expect(deliveryChange(row, draft)).toEqual({ profile: null, settings: null, errors: {} });
    const change = deliveryChange(row, {
      ...draft,
      fee: '3',
      cities: [...draft.cities, ' Sperone '],
      areas: { cucina: '', bar: '', fritti: '1' },
    });
    expect(change.profile).toEqual({ costoConsegna: 300 });
    expect(change.settings).toEqual({
      deliveryCities: ['Avella', 'Baiano', 'Sperone'],
      slotAreaCapacity: { fritti: 1 },
    });
    // Removing the last area limit sends the empty map: the server clears them.
    const limited = { ...row, slotAreaCapacity: { fritti: 1 } };
    expect(
      deliveryChange(limited, { ...deliveryDraft(limited), areas: { cucina: '', bar: '', fritti: '' } })
        .settings,
    ).toEqual({
      slotAreaCapacity: {},
    });
  });
});
