import { t } from '@comanda/shared-schema';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TableNav, tablePaths } from './table-nav.tsx';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

function renderNav(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <TableNav ownerId="v 1" tableId="t1" count={2} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('TableNav', () => {
  const paths = tablePaths('v 1', 't1');

  it('marks the current section, however the address encodes the venue', () => {
    renderNav('/user/reservation/v%201/t1/');
    const menu = screen.getByRole('link', { name: t.sectionMenu });
    expect(menu.getAttribute('href')).toBe(paths.menu);
    expect(menu.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: t.sectionHistory }).getAttribute('aria-current')).toBeNull();
  });

  it('moves inside the app on a plain click and leaves other clicks to the browser', () => {
    renderNav(paths.menu);
    const history = screen.getByRole('link', { name: t.sectionHistory });
    // jsdom cannot open a new tab: stop the browser's own handling once the app has seen the click.
    const noNewTab = (e: Event) => e.preventDefault();
    document.addEventListener('click', noNewTab);
    fireEvent.click(history, { ctrlKey: true });
    document.removeEventListener('click', noNewTab);
    expect(screen.getByRole('status').textContent).toBe('/user/reservation/v%201/t1');
    fireEvent.click(history);
    expect(screen.getByRole('status').textContent).toBe('/user/history/v%201/t1');
    expect(history.getAttribute('aria-current')).toBe('page');
  });
});
