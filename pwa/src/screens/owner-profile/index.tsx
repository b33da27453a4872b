import { t } from '@comanda/shared-schema';
import { useCallback } from 'react';
import { AgeSettings } from '../../components/age-settings.tsx';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Loading } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { ToastRegion, useToasts } from '../../components/toasts.tsx';
import { useAgeThresholdsState } from '../../data/kitchen-age.ts';
import { useRefusalToasts } from '../../data/use-refusal-toasts.ts';
import { useSyncReadiness } from '../../data/use-sync-readiness.ts';
import { x } from '../../texts-extra.ts';
import { CardSection } from './card-section.tsx';
import { DeliverySection } from './delivery-section.tsx';
import { RoomPanelsSection } from './room-panels-section.tsx';
import { ProfileSection } from './section.tsx';
import { useVenue } from './use-profile.ts';
import { ClosedSection, PrinterSection, VenueSection } from './venue-sections.tsx';
// The toasts' look comes with the dashboard's styles.
import './owner-profile.css';

/** The profile's outbox calls whose refusals pop up here. */
const PROFILE_CALLS: ReadonlySet<string> = new Set([
  'ownerProfileSet',
  'deliverySettingsSet',
  'stripeAccountSet',
  'ownerVersionSet',
]);

function KitchenSection() {
  const [thresholds, setThresholds] = useAgeThresholdsState();
  return (
    <ProfileSection title={t.profileKitchenSection} description={t.profileKitchenHint}>
      <AgeSettings thresholds={thresholds} onChange={setThresholds} />
    </ProfileSection>
  );
}

/**
 * `/owner/profile` (spec 2.3, 3 "Owner profile" and "Owner business"): the venue's
 * name and hours, the closed status customers see, delivery and pickup, the room screen's
 * panels, the print bridge, card payments and the kitchen screen's ticket times. Read from the
 * device database and saved through the outbox, so it works with the Wi-Fi down too: switches
 * and choices apply at once; fields are saved card by card, each card marking its unsaved
 * changes and enabling its own 'Salva' only then.
 */
function ProfileScreen() {
  const row = useVenue();
  const { readiness, retry } = useSyncReadiness();
  const { toasts, show, dismiss } = useToasts();
  const fail = useCallback((text: string) => show(text, 'danger'), [show]);
  useRefusalToasts(PROFILE_CALLS, fail);

  if (!row) {
    return (
      <Page title={x.navProfile}>
        {readiness === 'failed' ? (
          <Alert tone="danger">
            <p>{t.networkError}</p>
            <Button variant="secondary" onPress={retry}>
              {t.retry}
            </Button>
          </Alert>
        ) : (
          <Loading />
        )}
      </Page>
    );
  }
  return (
    <Page title={x.navProfile}>
      <div className="profile-grid">
        <VenueSection row={row} />
        <ClosedSection row={row} />
        <DeliverySection row={row} />
        <RoomPanelsSection row={row} />
        <PrinterSection row={row} />
        <CardSection />
        <KitchenSection />
      </div>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </Page>
  );
}

export default function OwnerProfileScreen() {
  return (
    <ScreenErrorBoundary title={x.navProfile} screen="owner-profile">
      <ProfileScreen />
    </ScreenErrorBoundary>
  );
}
