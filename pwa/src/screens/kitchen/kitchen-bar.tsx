import { type KitchenFilter, romeTime, t } from '@comanda/shared-schema';
import { Link } from 'react-aria-components';
import { AgeSettings } from '../../components/age-settings.tsx';
import { AreaFilter } from '../../components/area-filter.tsx';
import { Button } from '../../components/button.tsx';
import type { AgeThresholds } from '../../data/kitchen-age.ts';
import { useFullscreen } from './use-fullscreen.ts';

/**
 * The kitchen display's one bar: its name and the venue's clock, the area this screen shows,
 * the ticket times, full screen, and the owner's small way out. Nothing else: no navigation, no
 * prices, nothing that edits or closes an order.
 */
export function KitchenBar({
  now,
  filter,
  onFilter,
  thresholds,
  onThresholds,
}: {
  now: number;
  filter: KitchenFilter;
  onFilter: (f: KitchenFilter) => void;
  thresholds: AgeThresholds;
  onThresholds: (next: AgeThresholds) => void;
}) {
  const fullscreen = useFullscreen();
  return (
    <header className="kds-bar">
      <h1 className="kds-title">
        <span className="kds-title-text">{t.kitchenDisplay}</span>{' '}
        <time className="kds-now" dateTime={new Date(now).toISOString()}>
          {romeTime(now).time}
        </time>
      </h1>
      <AreaFilter
        value={filter}
        onChange={onFilter}
        className="kds-filter"
        buttonClassName="kds-filter-button"
      />
      <div className="kds-tools">
        <AgeSettings
          thresholds={thresholds}
          onChange={onThresholds}
          className="kds-tool"
          popoverClassName="kds-popover"
        />
        {fullscreen.available && (
          <Button variant="secondary" className="kds-tool" onPress={fullscreen.toggle}>
            {fullscreen.active ? t.kitchenFullscreenExit : t.kitchenFullscreen}
          </Button>
        )}
        <Link
          href="/owner/dashboard"
          className="btn btn-ghost kds-tool kds-exit"
          aria-label={t.kitchenExitLabel}
        >
          {t.kitchenExit}
        </Link>
      </div>
    </header>
  );
}
