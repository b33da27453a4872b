import { describe, expect, it } from 'vitest';
import { calls, mutationCallNames } from './index.ts';

/** Every path of spec section 7, plus the ones this contract adds. */
const SPEC_PATHS = [
  '/api/user/deliveryOptions',
  '/api/reservation/user/orderDelivery',
  '/api/reservation/user/order',
  '/api/reservation/user/orderRoomCart',
  '/api/reservation/verify/businessId',
  '/api/menu/user/get',
  '/api/menu/owner/order/get',
  '/api/history/user/get',
  '/api/user/isValidTable/get',
  '/api/user/orderEnabled/get',
  '/api/user/dataUser/get',
  '/api/user/dataUser/getClosedStatus',
  '/api/stripe/create-payment-intent',
  '/api/stripe/refund-stripe',
  '/api/user/chat/get',
  '/api/owner/chat/get',
  '/api/owner/chat/toggle',
  '/api/dashboard/owner/get',
  '/api/dashboard/owner/table/get',
  '/api/dashboard/owner/table/modify',
  '/api/dashboard/owner/table/delete',
  '/api/dashboard/owner/table/print',
  '/api/dashboard/owner/status/set',
  '/api/dashboard/owner/table/history',
  '/api/delivery/getCountDelivery',
  '/api/delivery/deliveryAccept',
  '/api/delivery/deliveryReject',
  '/api/delivery/changeStatusPay',
  '/api/printer/dash_orderPrinter_table',
  '/api/printer/dash_orderPrinter_R_C',
  '/api/printer/orderPrinter_table',
  '/api/printer/orderPrinter_R_C',
  '/api/user/sessionId/get',
  '/api/user/sessionId/set',
  '/api/user/signup',
  '/api/user/authenticate',
  '/api/owner/authenticate',
  '/api/user/login',
  '/api/owner/login',
  '/api/user/logout',
  '/api/user/fbLogin',
  '/api/user/GLogin',
  '/api/user/password/restore/request',
  '/api/owner/password/restore/request',
  '/api/user/password/restore/set',
  '/api/owner/password/restore/set',
  '/api/rooms/owner/get',
  '/api/rooms/owner/add',
  '/api/rooms/owner/edit',
  '/api/rooms/owner/delete',
  '/api/rooms/owner/tables/get',
  '/api/tables/owner/add',
  '/api/tables/owner/setCoords',
  '/api/tables/owner/setStatus',
  '/api/tables/owner/delete',
  '/api/owner/orderEnabled/get',
  '/api/owner/order/toggle',
  // added by this contract
  '/api/menu/owner/get',
  '/api/menu/owner/category/add',
  '/api/menu/owner/category/edit',
  '/api/menu/owner/category/delete',
  '/api/menu/owner/dish/add',
  '/api/menu/owner/dish/edit',
  '/api/menu/owner/dish/delete',
  '/api/user/table/call',
  '/api/owner/profile/get',
  '/api/owner/profile/set',
  '/api/owner/delivery/settings',
];

const all = Object.entries(calls);

describe('calls', () => {
  it('covers every path of spec section 7', () => {
    const paths = new Set(all.map(([, call]) => call.path));
    expect(SPEC_PATHS.filter((path) => !paths.has(path))).toEqual([]);
  });

  it('has one call per method and path', () => {
    const keys = all.map(([, call]) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses GET only where the spec says so or for reads without a body', () => {
    const gets = all.filter(([, call]) => call.method === 'GET').map(([, call]) => call.path);
    expect(gets.sort()).toEqual(
      [
        '/api/delivery/getCountDelivery',
        '/api/health',
        '/api/auth/providers',
        '/api/sync/snapshot',
        '/api/sync/changes',
        '/api/report/owner/csv',
        '/api/stripe/config',
        '/api/time',
      ].sort(),
    );
  });

  it('marks only owner calls as mutations', () => {
    for (const name of mutationCallNames) expect(calls[name].access, name).toBe('owner');
    expect(mutationCallNames).toContain('roomsAdd');
    expect(mutationCallNames).toContain('dashboardStatusSet');
    expect(mutationCallNames).not.toContain('roomsGet');
    expect(mutationCallNames).not.toContain('userOrder');
  });
});

describe('bodies', () => {
  it("room names: trimmed, 1 to 99 characters, 'Nome vuoto o troppo lungo'", () => {
    expect(calls.roomsAdd.body.parse({ name: '  Terrazza ' })).toEqual({ name: 'Terrazza' });
    const tooLong = calls.roomsEdit.body.safeParse({ id: 'r1', name: 'x'.repeat(100) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('Nome vuoto o troppo lungo');
    expect(calls.roomsAdd.body.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      'Nome vuoto o troppo lungo',
    );
  });

  it('client ids must be UUIDs', () => {
    expect(calls.roomsAdd.body.safeParse({ name: 'A', id: 'not-a-uuid' }).success).toBe(false);
    expect(
      calls.roomsAdd.body.safeParse({ name: 'A', id: '0b6c1f0e-8f4a-4b7e-9c2d-3e5f6a7b8c9d' }).success,
    ).toBe(true);
  });

  it('no-payload calls refuse extra fields', () => {
    expect(calls.ownerOrderToggle.body.safeParse({}).success).toBe(true);
    expect(calls.ownerOrderToggle.body.safeParse({ businessId: 'x' }).success).toBe(false);
  });

  it('a delivery order needs address and city only for Consegna', () => {
    const dish = {
      id: 'd1',
      name: 'Margherita',
      price: 800,
      categoryId: 'c1',
      categoryName: 'Pizze',
      variants: [],
      amount: 1,
    };
    const order = { tipo: 'Consegna', orario: '20:15', nome: 'Mario', cart: [dish], ownerId: 'b1' };
    const refused = calls.userOrderDelivery.body.safeParse(order);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['indirizzo', 'Campo obbligatorio'],
      ['comune', 'Campo obbligatorio'],
    ]);
    expect(
      calls.userOrderDelivery.body.safeParse({ ...order, indirizzo: 'Via Roma 1', comune: 'Avella' }).success,
    ).toBe(true);
    expect(calls.userOrderDelivery.body.safeParse({ ...order, tipo: 'Ritiro' }).success).toBe(true);
  });

  it("a delivery order needs a time unless 'Prima possibile'; the fee shown is cents", () => {
    const dish = {
      id: 'd1',
      name: 'M',
      price: 800,
      categoryId: 'c1',
      categoryName: 'P',
      variants: [],
      amount: 1,
    };
    const order = { tipo: 'Ritiro', nome: 'Mario', cart: [dish], ownerId: 'b1' };
    const noTime = calls.userOrderDelivery.body.safeParse(order);
    expect(noTime.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['orario', 'Campo obbligatorio'],
    ]);
    expect(calls.userOrderDelivery.body.safeParse({ ...order, primaPossibile: true }).success).toBe(true);
    expect(calls.userOrderDelivery.body.safeParse({ ...order, orario: '20:15' }).success).toBe(true);
    expect(
      calls.userOrderDelivery.body.safeParse({ ...order, orario: '20:15', costoConsegna: 2.5 }).success,
    ).toBe(false);
    expect(
      calls.userOrderDelivery.body.safeParse({ ...order, orario: '20:15', telefono: '333 12' }).success,
    ).toBe(false);
  });

  it('delivery settings: 1-50 cities of at most 60 characters, none repeated, capacities 1-50', () => {
    const body = calls.deliverySettingsSet.body;
    const message = (value: unknown) => body.safeParse(value).error?.issues[0]?.message;
    expect(body.safeParse({ deliveryCities: ['Avella', ' Baiano '] }).data).toEqual({
      deliveryCities: ['Avella', 'Baiano'],
    });
    expect(message({})).toBe('Nessuna modifica indicata.');
    expect(message({ deliveryCities: [] })).toBe('Indica almeno un comune servito.');
    expect(message({ deliveryCities: [' '] })).toBe('Campo obbligatorio');
    expect(message({ deliveryCities: ['x'.repeat(61)] })).toBe(
      'Nome del comune troppo lungo: al massimo 60 caratteri.',
    );
    expect(message({ deliveryCities: Array.from({ length: 51 }, (_, i) => `C${i}`) })).toBe(
      'Al massimo 50 comuni.',
    );
    expect(message({ deliveryCities: ['Avella', 'avella'] })).toBe('Comune ripetuto.');
    for (const bad of [0, 51, 2.5, '3']) {
      expect(message({ slotCapacity: bad })).toBe('Capacità non valida: da 1 a 50 ordini per fascia.');
    }
    expect(body.safeParse({ slotCapacity: 50, slotAreaCapacity: { fritti: 1 } }).success).toBe(true);
    expect(body.safeParse({ slotAreaCapacity: { pizza: 1 } }).success).toBe(false);
    expect(body.safeParse({ slotCapacity: 3, other: 1 }).success).toBe(false);
  });

  it('carts send only amounts above 0 and cap notes at 150', () => {
    const dish = {
      id: 'd1',
      name: 'Margherita',
      price: 800,
      categoryId: 'c1',
      categoryName: 'Pizze',
      variants: [],
    };
    const body = (line: object) => ({ cart: [line], tableId: 't1', ownerId: 'b1' });
    expect(calls.userOrder.body.safeParse(body({ ...dish, amount: 1 })).success).toBe(true);
    expect(calls.userOrder.body.safeParse(body({ ...dish, amount: 0 })).success).toBe(false);
    expect(calls.userOrder.body.safeParse({ cart: [], tableId: 't1', ownerId: 'b1' }).success).toBe(false);
    const longNote = calls.userOrder.body.safeParse(body({ ...dish, amount: 1, note: 'n'.repeat(151) }));
    expect(longNote.error?.issues.some((i) => i.message === 'Note cannot exceed 150 characters.')).toBe(true);
  });

  it('out-of-menu lines carry the spec messages', () => {
    const line = {
      id: null,
      name: 'd'.repeat(151),
      price: 500,
      amount: 1,
      selected_option: 'bar',
      categoryId: 'out_menu',
      categoryName: 'Fuori menu',
    };
    const parsed = calls.userOrder.body.safeParse({ cart: [line], tableId: 't1', ownerId: 'b1' });
    expect(parsed.success).toBe(false);
    expect(
      calls.userOrder.body.safeParse({ cart: [{ ...line, name: 'Torta' }], tableId: 't1', ownerId: 'b1' })
        .success,
    ).toBe(true);
  });

  it('printer bodies name exactly one of tableId and deliveryId', () => {
    expect(calls.printerDashTable.body.safeParse({ tableId: 't1', filter: 'bar' }).success).toBe(true);
    expect(calls.printerDelivery.body.safeParse({ deliveryId: 'd1' }).success).toBe(true);
    expect(calls.printerTable.body.safeParse({}).success).toBe(false);
    expect(calls.printerTable.body.safeParse({ tableId: 't1', deliveryId: 'd1' }).success).toBe(false);
  });

  it('setCoords accepts tableId or id inside the 2000-unit canvas', () => {
    expect(calls.tablesSetCoords.body.safeParse({ tableId: 't1', x: 10, y: 70 }).success).toBe(true);
    expect(calls.tablesSetCoords.body.safeParse({ id: 't1', x: 10, y: 70, businessId: 'b1' }).success).toBe(
      true,
    );
    expect(calls.tablesSetCoords.body.safeParse({ x: 10, y: 70 }).success).toBe(false);
    expect(calls.tablesSetCoords.body.safeParse({ tableId: 't1', x: 2001, y: 0 }).success).toBe(false);
    expect(calls.tablesSetCoords.body.safeParse({ tableId: 't1', x: -1, y: 0 }).success).toBe(false);
  });

  it('money is integer cents', () => {
    expect(calls.ownerDishAdd.body.safeParse({ name: 'Birra', price: 450, categoryId: 'c1' }).success).toBe(
      true,
    );
    expect(calls.ownerDishAdd.body.safeParse({ name: 'Birra', price: 4.5, categoryId: 'c1' }).success).toBe(
      false,
    );
    expect(calls.ownerDishAdd.body.safeParse({ name: 'Birra', price: -1, categoryId: 'c1' }).success).toBe(
      false,
    );
  });
});
