import { describe, expect, it } from 'vitest';
import { ENTITY, entitySchemas } from './entities.ts';
import { clientEvents, serverEvents } from './events.ts';

const RECEIVED = [
  'order',
  'eraseOrder',
  'updateCountDelivery',
  'updateTable',
  'changeStatusPay',
  'removeTable',
  'calledService',
  'discardNotification',
  'modifyTable',
  'removeDelivery',
  'disableOrder',
  'enableOrder',
  'disableChat',
  'enableChat',
  'recieveMessage',
  'syncMessages',
  'ORDER_PRINTED_NOTIFICATION',
  'switchTableStatus',
  'updateRoom',
  'connect',
  'disconnect',
  // Added: open menus refresh when the owner edits the menu.
  'menuChanged',
  // Added: the venue's profile changed what customers see (hours, closed status).
  'venueChanged',
  // Added: a table's chat message was refused, with the reason.
  'messageRefused',
  // Added: the venue decided on a delivery, told to the account that placed it (spec 2.11 result).
  'deliveryStatus',
  // Added: a card checkout began (spec 4): owners' devices catch up, nothing rings or counts.
  'cardCheckout',
];

describe('live events', () => {
  it('has every event of spec section 7, spelled as the spec spells it', () => {
    expect(Object.keys(serverEvents).sort()).toEqual([...RECEIVED].sort());
    expect(Object.keys(clientEvents).sort()).toEqual(['discardCalledTable', 'joinChat', 'sendMessage']);
  });

  it('validates payloads', () => {
    expect(serverEvents.calledService.safeParse({ tableId: 't1', number: 4 }).success).toBe(true);
    expect(serverEvents.calledService.safeParse({ tableId: 't1' }).success).toBe(false);
    expect(serverEvents.changeStatusPay.safeParse({ deliveryId: 'd1', status: 2 }).success).toBe(false);
    expect(
      serverEvents.recieveMessage.safeParse({
        id: 'm1',
        tableId: 't1',
        text: 'Ciao',
        time: '2025-07-15T18:00:00Z',
      }).success,
    ).toBe(true);
    expect(clientEvents.sendMessage.safeParse({ ownerId: 'b1', tableId: 't1', text: '' }).success).toBe(
      false,
    );
  });
});

describe('change-log entities', () => {
  it('has a schema for every entity name', () => {
    expect(Object.keys(entitySchemas).sort()).toEqual(Object.values(ENTITY).sort());
    for (const name of ['business', 'room', 'table', 'category', 'dish'])
      expect(Object.values(ENTITY)).toContain(name);
  });

  it('a room row is {id, name}; a table row has its number and room', () => {
    expect(entitySchemas.room.parse({ id: 'r1', name: 'Sala', extra: 1 })).toEqual({
      id: 'r1',
      name: 'Sala',
    });
    expect(
      entitySchemas.table.safeParse({
        id: 't1',
        businessId: 'b1',
        roomId: 'r1',
        number: 3,
        x: 10,
        y: 70,
        status: false,
      }).success,
    ).toBe(true);
    expect(
      entitySchemas.table.safeParse({ id: 't1', businessId: 'b1', roomId: 'r1', x: 10, y: 70, status: 0 })
        .success,
    ).toBe(false);
  });

  it('a variant selection is an array (multi) or one option (single)', () => {
    const option = { id: 'o1', label: 'grande', price: 200 };
    const variant = { id: 'v1', name: 'Formato', multi: 0, position: 0, options: [option] };
    expect(
      entitySchemas.dish.shape.variants.element.safeParse({ ...variant, selected: option }).success,
    ).toBe(true);
    expect(
      entitySchemas.dish.shape.variants.element.safeParse({ ...variant, selected: [option] }).success,
    ).toBe(true);
    expect(entitySchemas.dish.shape.variants.element.safeParse({ ...variant, multi: 2 }).success).toBe(false);
  });
});
