import { type Category, type MenuDish, t, tf } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownerMutators } from '../../app/owner-mutators.ts';
import { ComandaDb, type OutboxEntry, type ServerRow } from '../../data/db.ts';
import { SyncContext } from '../../data/hooks.ts';
import { SyncClient } from '../../data/sync-client.ts';
import { LiveConnection } from '../../live/connection.ts';
import { LiveContext } from '../../live/use-live.ts';
import { armedConfirm } from '../../test/confirm.ts';
import { freshDbName } from '../../test/sync-fixture.ts';
import OwnerMenuScreen from './index.tsx';

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (!globalThis.CSS?.escape) {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: cssEscape } });
}

const PIZZE = '11111111-1111-4111-8111-111111111111';
const BIBITE = '22222222-2222-4222-8222-222222222222';
const DOLCI = '33333333-3333-4333-8333-333333333333';

const category = (id: string, name: string, position: number, area: Category['area']): ServerRow => ({
  entity: 'category',
  entityId: id,
  data: { id, name, position, area } satisfies Category,
});
const dish = (
  id: string,
  name: string,
  price: number,
  categoryId: string,
  extra: Partial<MenuDish> = {},
): ServerRow => ({
  entity: 'dish',
  entityId: id,
  data: {
    id,
    name,
    price,
    categoryId,
    categoryName: '',
    variants: [],
    available: true,
    ...extra,
  } satisfies MenuDish,
});

const rows: ServerRow[] = [
  category(BIBITE, 'Bibite', 1, 'bar'),
  category(PIZZE, 'Pizze', 0, 'cucina'),
  category(DOLCI, 'Dolci', 2, 'cucina'),
  dish('d1', 'Margherita', 650, PIZZE),
  dish('d2', 'Capricciosa', 950, PIZZE, { description: 'Prosciutto, funghi, carciofi' }),
  dish('d3', 'Acqua', 150, BIBITE, { available: false }),
];

async function renderMenu(opts: { outbox?: OutboxEntry[] } = {}) {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 100,
    lastVersion: 5,
    synced: true,
  });
  await db.serverRows.bulkPut(rows);
  if (opts.outbox) await db.outbox.bulkPut(opts.outbox);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
  // Not started: the outbox keeps what the screen queues, for the test to read.
  const sync = new SyncClient({ db, mutators: ownerMutators });
  const live = new LiveConnection({ url: 'ws://comanda.test/live' });
  render(
    <SyncContext.Provider value={sync}>
      <LiveContext.Provider value={live}>
        <OwnerMenuScreen />
      </LiveContext.Provider>
    </SyncContext.Provider>,
  );
  await screen.findByRole('heading', { level: 2, name: 'Pizze' });
  return db;
}

const queued = async (db: ComandaDb) =>
  (await db.outbox.orderBy('mutationId').toArray()).filter((e) => e.status === 'pending');

async function press(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

async function type(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/owner/menu', () => {
  it('lists categories by position, dishes by name with their price and availability', async () => {
    await renderMenu();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Pizze',
      'Bibite',
      'Dolci',
    ]);
    const pizze = screen.getByRole('region', { name: 'Pizze' });
    const items = within(pizze).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.menu-dish-name')?.textContent)).toEqual([
      'Capricciosa',
      'Margherita',
    ]);
    expect(within(items[1]!).getByText('6,50 €')).toBeTruthy();
    const acqua = screen.getByRole('switch', { name: tf.menuAvailableLabel('Acqua') }) as HTMLInputElement;
    expect(acqua.checked).toBe(false);
    expect(screen.getByRole('button', { name: tf.menuMoveUpLabel('Pizze') }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('adds a category only with a name, with its kitchen area', async () => {
    const db = await renderMenu();
    await press(screen.getByRole('button', { name: t.menuNewCategory }));
    const dialog = await screen.findByRole('dialog', { name: t.menuNewCategory });
    await press(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText(t.requiredField)).toBeTruthy();
    expect(await queued(db)).toHaveLength(0);
    await type(within(dialog).getByRole('textbox', { name: t.menuName }), ' Birre ');
    await press(within(dialog).getByRole('radio', { name: t.kitchenAreaBar }));
    await press(within(dialog).getByRole('button', { name: t.save }));
    await waitFor(async () => expect(await queued(db)).toHaveLength(1));
    expect((await queued(db))[0]).toMatchObject({
      name: 'ownerCategoryAdd',
      body: { name: 'Birre', area: 'bar' },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Birre' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses to delete a category with dishes; deletes an empty one after confirmation', async () => {
    const db = await renderMenu();
    await press(screen.getByRole('button', { name: tf.menuDeleteLabel('Pizze') }));
    expect(await screen.findByText(t.menuCategoryNotEmpty)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await press(screen.getByRole('button', { name: tf.menuDeleteLabel('Dolci') }));
    const confirm = await screen.findByRole('alertdialog', { name: tf.menuDeleteCategoryQuestion('Dolci') });
    await press(await armedConfirm(confirm));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Dolci' })).toBeNull());
    expect((await queued(db)).map((e) => [e.name, e.body])).toEqual([['ownerCategoryDelete', { id: DOLCI }]]);
  });

  it('moves a category down with one reorder', async () => {
    const db = await renderMenu();
    await press(screen.getByRole('button', { name: tf.menuMoveDownLabel('Pizze') }));
    await waitFor(async () => expect(await queued(db)).toHaveLength(1));
    expect((await queued(db))[0]).toMatchObject({
      name: 'ownerCategoryReorder',
      body: { ids: [BIBITE, PIZZE] },
    });
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Bibite',
        'Pizze',
        'Dolci',
      ]),
    );
  });

  it('switches availability and deletes a dish after confirmation', async () => {
    const db = await renderMenu();
    await press(screen.getByRole('switch', { name: tf.menuAvailableLabel('Margherita') }));
    await press(screen.getByRole('button', { name: tf.menuDeleteLabel('Capricciosa') }));
    const confirm = await screen.findByRole('alertdialog');
    await press(await armedConfirm(confirm));
    await waitFor(async () => expect(await queued(db)).toHaveLength(2));
    expect((await queued(db)).map((e) => [e.name, e.body])).toEqual([
      ['ownerDishEdit', { id: 'd1', available: false }],
      ['ownerDishDelete', { id: 'd2' }],
    ]);
  });

  it('validates the dish editor beside each field and queues nothing until it is valid', async () => {
    const db = await renderMenu();
    await press(screen.getByRole('button', { name: tf.menuAddDishTo('Pizze') }));
    const editor = await screen.findByRole('dialog', { name: t.menuNewDish });
    await press(within(editor).getByRole('button', { name: t.menuAddVariant }));
    await press(within(editor).getByRole('button', { name: t.save }));
    expect(await within(editor).findByText(t.menuFixErrors)).toBeTruthy();
    expect(within(editor).getAllByText(t.requiredField)).toHaveLength(3); // name, variant, option
    expect(within(editor).getByText(t.priceEmpty)).toBeTruthy();
    expect(await queued(db)).toHaveLength(0);

    await type(within(editor).getByRole('textbox', { name: t.menuName }), 'Diavola');
    await type(within(editor).getByRole('textbox', { name: t.menuPrice }), '8,');
    expect(await within(editor).findByText(t.invalidPrice)).toBeTruthy();
    await press(within(editor).getByRole('button', { name: t.menuIncreasePrice }));
    expect((within(editor).getByRole('textbox', { name: t.menuPrice }) as HTMLInputElement).value).toBe(
      '8,50',
    );
    await type(within(editor).getByRole('textbox', { name: t.menuVariantName }), 'Impasto');
    await type(within(editor).getByRole('textbox', { name: t.menuOption }), 'Integrale');
    await type(within(editor).getByRole('textbox', { name: t.menuOptionPrice }), '1,5');
    await press(within(editor).getByRole('button', { name: t.save }));
    await waitFor(async () => expect(await queued(db)).toHaveLength(1));
    const [entry] = await queued(db);
    expect(entry).toMatchObject({
      name: 'ownerDishAdd',
      body: {
        name: 'Diavola',
        price: 850,
        categoryId: PIZZE,
        available: true,
        variants: [{ name: 'Impasto', multi: 0, position: 0, options: [{ label: 'Integrale', price: 150 }] }],
      },
    });
    expect(await screen.findByText('8,50 €')).toBeTruthy();
  });

  it('edits a dish sending only what changed', async () => {
    const db = await renderMenu();
    await press(screen.getByRole('button', { name: tf.menuEditLabel('Margherita') }));
    const editor = await screen.findByRole('dialog', { name: t.menuEditDish });
    expect((within(editor).getByRole('textbox', { name: t.menuPrice }) as HTMLInputElement).value).toBe(
      '6,50',
    );
    await type(within(editor).getByRole('textbox', { name: t.menuPrice }), '7');
    await press(within(editor).getByRole('button', { name: t.save }));
    await waitFor(async () => expect(await queued(db)).toHaveLength(1));
    expect((await queued(db))[0]?.body).toEqual({ id: 'd1', price: 700 });
    expect(await screen.findByText('7,00 €')).toBeTruthy();
  });

  it('filters dishes by name, hiding categories without a match', async () => {
    await renderMenu();
    await type(screen.getByRole('searchbox', { name: t.menuSearch }), 'marg');
    await waitFor(() => expect(screen.queryByText('Capricciosa')).toBeNull());
    expect(screen.getByText('Margherita')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Bibite' })).toBeNull();
    await type(screen.getByRole('searchbox', { name: t.menuSearch }), 'zzz');
    expect(await screen.findByText(t.menuNoDishesFound)).toBeTruthy();
  });

  it('shows a server refusal beside the dish it concerns', async () => {
    const refused: OutboxEntry = {
      mutationId: 7,
      name: 'ownerDishEdit',
      body: { id: 'd1', price: 1 },
      status: 'refused',
      ackVersion: null,
      ackedAt: null,
      error: 'Piatto non trovato',
      errorCode: 'NOT_FOUND',
      attempts: 1,
      createdAt: 0,
    };
    await renderMenu({ outbox: [refused] });
    const row = screen.getByText('Margherita').closest('li')!;
    expect(within(row).getByText(`${t.genericError}: Piatto non trovato`)).toBeTruthy();
  });
});
