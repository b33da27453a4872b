import { type Category, CONFIRM_DELAY_MS, type MenuDish, t, tf } from '@comanda/shared-schema';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Button as AriaButton, Input, Label, SearchField } from 'react-aria-components';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Loading } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { useOutboxSummary, useSyncClient } from '../../data/hooks.ts';
import { useSyncReadiness } from '../../data/use-sync-readiness.ts';
import { useLiveEvent } from '../../live/use-live.ts';
import { CategoryDialog } from './category-dialog.tsx';
import { type CategoryHandlers, CategorySection } from './category-section.tsx';
import { DishEditor } from './dish-editor.tsx';
import { type DishDraft, type DishValue, draftFromDish, emptyDraft } from './dish-form.ts';
import { filterMenu, indexMenu, menuRefusals } from './menu-logic.ts';
import { useMenuActions } from './use-menu-actions.ts';
import { useMenuData } from './use-menu-data.ts';

type EditorState = { original: MenuDish | null; initial: DishDraft };
type CategoryDialogState = { category: Category | null };
type ConfirmState = { kind: 'dish' | 'category'; id: string; question: string };

const EMPTY_MENU = { categories: [] as Category[], dishes: [] as MenuDish[] };

/**
 * `/owner/menu`: categories in their order with their kitchen area, the dishes of each sorted by
 * name, and the dish editor. Everything renders from the device database and every change goes
 * through the outbox, so the menu is edited offline too; the server's refusals show beside the
 * category or dish they concern.
 */
export function MenuScreen() {
  const sync = useSyncClient();
  const { readiness, retry } = useSyncReadiness();
  // Another tablet changed the menu: versioned frames already poke catch-up; this covers the rest.
  const refresh = useCallback(() => void sync.catchUp(), [sync]);
  useLiveEvent('menuChanged', refresh);
  const data = useMenuData();
  const { categories, dishes } = data ?? EMPTY_MENU;
  const actions = useMenuActions(categories, dishes);
  const outbox = useOutboxSummary();

  const [query, setQuery] = useState('');
  // Typing stays responsive on a 300-dish menu: the list follows a step behind the field.
  const deferredQuery = useDeferredValue(query);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [categoryDialog, setCategoryDialog] = useState<CategoryDialogState | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const [messages, setMessages] = useState<ReadonlyMap<string, string>>(new Map());
  const [actionError, setActionError] = useState<string | null>(null);

  const index = useMemo(() => indexMenu(categories, dishes), [categories, dishes]);
  const sections = useMemo(() => filterMenu(index, deferredQuery), [index, deferredQuery]);
  const refusals = useMemo(() => {
    const ids = new Set<string>([...categories.map((c) => c.id), ...dishes.map((d) => d.id)]);
    return menuRefusals(outbox?.refused ?? [], (id) => ids.has(id));
  }, [outbox?.refused, categories, dishes]);

  // Handlers read the latest rows through a ref, so they stay stable and rows stay memoized.
  const latest = useRef({ categories, dishes, actions });
  latest.current = { categories, dishes, actions };

  const setMessage = useCallback((id: string, message: string | null) => {
    setMessages((current) => {
      if (!message && !current.has(id)) return current;
      const next = new Map(current);
      if (message) next.set(id, message);
      else next.delete(id);
      return next;
    });
  }, []);

  const handlers: CategoryHandlers = useMemo(
    () => ({
      onMove: (id, delta) => {
        setMessage(id, null);
        void latest.current.actions.moveCategory(id, delta).then((error) => setMessage(id, error));
      },
      onEdit: (id) => {
        const category = latest.current.categories.find((c) => c.id === id);
        if (category) setCategoryDialog({ category });
      },
      onDelete: (id) => {
        const { categories: cats, dishes: all } = latest.current;
        const category = cats.find((c) => c.id === id);
        if (!category) return;
        // Refused here as the server would (CATEGORY_NOT_EMPTY): say so beside the category.
        if (all.some((d) => d.categoryId === id)) {
          setMessage(id, t.menuCategoryNotEmpty);
          return;
        }
        setMessage(id, null);
        setConfirm({ kind: 'category', id, question: tf.menuDeleteCategoryQuestion(category.name) });
      },
      onAddDish: (categoryId) => setEditor({ original: null, initial: emptyDraft(categoryId) }),
      onToggleAvailable: (id, available) => {
        void latest.current.actions
          .setAvailable(id, available)
          .then((error) => error && setActionError(error));
      },
      onEditDish: (id) => {
        const dish = latest.current.dishes.find((d) => d.id === id);
        if (dish) setEditor({ original: dish, initial: draftFromDish(dish) });
      },
      onDeleteDish: (id) => {
        const dish = latest.current.dishes.find((d) => d.id === id);
        if (dish) setConfirm({ kind: 'dish', id, question: tf.menuDeleteDishQuestion(dish.name) });
      },
    }),
    [setMessage],
  );

  const saveDish = useCallback(
    (value: DishValue) => {
      const original = editor?.original;
      return original ? actions.editDish(original, value) : actions.addDish(value);
    },
    [editor, actions],
  );

  const confirmDelete = () => {
    const target = confirm;
    setConfirm(null);
    if (!target) return;
    if (target.kind === 'dish') {
      void actions.deleteDish(target.id).then((error) => error && setActionError(error));
    } else {
      void actions.deleteCategory(target.id).then((error) => setMessage(target.id, error));
    }
  };

  if (readiness === 'failed') {
    return (
      <Page title={t.menuTitle}>
        <Alert tone="danger">{t.genericError}</Alert>
        <p>
          <Button variant="primary" onPress={retry}>
            {t.retry}
          </Button>
        </p>
      </Page>
    );
  }
  if (readiness === 'loading' || !data) return <Loading />;

  const sorted = index.categories;
  const searching = deferredQuery.trim() !== '';

  return (
    <Page title={t.menuTitle}>
      <div className="menu-toolbar">
        <SearchField className="field menu-search" value={query} onChange={setQuery}>
          <Label className="visually-hidden">{t.menuSearch}</Label>
          <div className="menu-search-box">
            <span className="menu-search-icon" aria-hidden="true">
              ⌕
            </span>
            <Input placeholder={t.menuSearch} className="menu-search-input" />
            <AriaButton className="menu-search-clear" aria-label={t.menuClearSearch}>
              <span aria-hidden="true">✕</span>
            </AriaButton>
          </div>
        </SearchField>
        <div className="btn-row menu-toolbar-actions">
          <Button variant="secondary" onPress={() => setCategoryDialog({ category: null })}>
            {t.menuNewCategory}
          </Button>
          <Button
            variant="primary"
            isDisabled={sorted.length === 0}
            onPress={() =>
              setEditor({ original: null, initial: emptyDraft(sorted.length === 1 ? sorted[0]!.id : null) })
            }
          >
            {t.menuNewDish}
          </Button>
        </div>
      </div>

      <div className="menu-messages">
        {actionError ? (
          <Alert tone="danger" className="menu-dismissable">
            <span>{actionError}</span>
            <Button variant="ghost" onPress={() => setActionError(null)}>
              {t.close}
            </Button>
          </Alert>
        ) : null}
        {refusals.loose.length > 0 ? (
          <Alert tone="danger">
            <ul className="menu-refusals">
              {refusals.loose.map((r) => (
                <li key={r.mutationId}>{r.text}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </div>

      {sorted.length === 0 ? <p className="menu-empty menu-empty-screen">{t.menuNoCategories}</p> : null}
      {searching && sections.length === 0 ? <p className="menu-empty">{t.menuNoDishesFound}</p> : null}

      <div className="menu-categories">
        {sections.map((section) => {
          const position = sorted.indexOf(section.category);
          return (
            <CategorySection
              key={section.category.id}
              category={section.category}
              dishes={section.dishes}
              total={section.total}
              isFirst={position === 0}
              isLast={position === sorted.length - 1}
              searching={searching}
              message={messages.get(section.category.id) ?? refusals.byId.get(section.category.id)}
              refusals={refusals.byId}
              handlers={handlers}
            />
          );
        })}
      </div>

      {editor ? (
        <DishEditor
          title={editor.original ? t.menuEditDish : t.menuNewDish}
          initial={editor.initial}
          categories={sorted}
          onClose={() => setEditor(null)}
          onSave={saveDish}
        />
      ) : null}
      {categoryDialog ? (
        <CategoryDialog
          category={categoryDialog.category}
          onClose={() => setCategoryDialog(null)}
          onSave={(name, area) => {
            const original = categoryDialog.category;
            return original ? actions.editCategory(original, name, area) : actions.addCategory(name, area);
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={confirm !== null}
        question={confirm?.question ?? ''}
        delayMs={CONFIRM_DELAY_MS}
        onCancel={() => setConfirm(null)}
        onConfirm={confirmDelete}
      />
    </Page>
  );
}
