import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem {
  id: string;
  name: string;
}

/**
 * The mobile category tabs (spec 2.7): a WAI-ARIA tablist with a roving tab stop (arrows, Home,
 * End move and select). Written by hand rather than with react-aria's Tabs because that one
 * pulls about 20 KB of collection code into the customer's first load, for a plain row of tabs.
 */
export function CategoryTabs({
  items,
  selectedId,
  onSelect,
  label,
  before,
  children,
}: {
  items: readonly TabItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  label: string;
  /** Shown left of the tabs (the drawer button). */
  before?: ReactNode;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  const move = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next = index;
    if (e.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else return;
    e.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.id);
    list.current?.ownerDocument.getElementById(tabId(item.id))?.focus();
  };

  return (
    <div className="menu-tabs">
      <div className="menu-tabs-bar">
        {before}
        <div className="category-tabs" role="tablist" aria-label={label} ref={list}>
          {items.map((item, index) => {
            const selected = item.id === selectedId;
            return (
              <button
                key={item.id}
                id={tabId(item.id)}
                type="button"
                role="tab"
                className="category-tab"
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                data-selected={selected || undefined}
                tabIndex={selected ? 0 : -1}
                onClick={(e) => {
                  onSelect(item.id);
                  e.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'center' });
                }}
                onKeyDown={(e) => move(e, index)}
              >
                {item.name}
              </button>
            );
          })}
        </div>
      </div>
      {selectedId ? (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(selectedId)} className="menu-tab-panel">
          {children}
        </div>
      ) : null}
    </div>
  );
}
