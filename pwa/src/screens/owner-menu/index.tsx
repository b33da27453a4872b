import { t } from '@comanda/shared-schema';
import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { MenuScreen } from './menu-screen.tsx';
import './owner-menu.css';
import './menu-dialogs.css';

/** `/owner/menu`: categories, dishes, variants and options, edited offline-first. */
export default function OwnerMenuScreen() {
  return (
    <ScreenErrorBoundary title={t.menuTitle} screen="owner menu">
      <MenuScreen />
    </ScreenErrorBoundary>
  );
}
