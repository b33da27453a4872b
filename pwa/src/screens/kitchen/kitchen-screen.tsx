import { t } from '@comanda/shared-schema';
import { useCallback, useMemo } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Loading } from '../../components/loading.tsx';
import { SoundPrompt } from '../../components/sound-prompt.tsx';
import { ToastRegion, useToasts } from '../../components/toasts.tsx';
import { AgeThresholdsContext, useAgeThresholdsState } from '../../data/kitchen-age.ts';
import { KITCHEN_DISPLAY_FILTER_KEY, useKitchenFilter } from '../../data/kitchen-filter.ts';
import { useNow } from '../../data/use-now.ts';
import { useRefusalToasts } from '../../data/use-refusal-toasts.ts';
import { useSyncReadiness } from '../../data/use-sync-readiness.ts';
import { KitchenBar } from './kitchen-bar.tsx';
import { type KitchenTicketActions, KitchenTicketCard } from './kitchen-ticket.tsx';
import { UndoBar } from './undo-bar.tsx';
import { useKitchenActions, useKitchenData, useKitchenRing } from './use-kitchen.ts';
import { useWakeLock } from './use-wake-lock.ts';

/** The one call the kitchen makes: its refusals are told on the screen. */
const KITCHEN_CALLS: ReadonlySet<string> = new Set(['dashboardStatusSet']);

/**
 * `/owner/kitchen`: the kitchen display. A ticket per order round, of this screen's kitchen area,
 * whatever needs cooking first on the left; a tap moves a dish forward, 'Tutto pronto' sends the
 * ticket away (undoable for a few seconds). From the device database like the dashboard, so it
 * keeps working through 'Connessione persa'. The screen is kept awake and may go full screen.
 */
export function KitchenScreen() {
  const { readiness, retry } = useSyncReadiness();
  const [filter, setFilter] = useKitchenFilter(KITCHEN_DISPLAY_FILTER_KEY);
  const [thresholds, setThresholds] = useAgeThresholdsState();
  const data = useKitchenData(filter);
  const now = useNow();
  useWakeLock();
  const { toasts, show, dismiss } = useToasts();
  const fail = useCallback((text: string) => show(text, 'danger'), [show]);
  useRefusalToasts(KITCHEN_CALLS, fail);
  const recent = useKitchenRing(data, filter, show);
  const { tap, bump, undo, takeBack } = useKitchenActions(data, fail);
  const actions: KitchenTicketActions = useMemo(() => ({ tap, bump }), [tap, bump]);

  let body: React.ReactNode;
  if (readiness === 'failed' && !data?.tickets.length) {
    body = (
      <div className="kds-empty">
        <Alert tone="danger">{t.networkError}</Alert>
        <Button variant="primary" className="kds-tool" onPress={retry}>
          {t.retry}
        </Button>
      </div>
    );
  } else if (!data || readiness === 'loading') {
    body = <Loading />;
  } else if (data.tickets.length === 0) {
    body = <p className="kds-empty">{t.kitchenEmpty}</p>;
  } else {
    body = (
      <section className="kds-board" aria-label={t.kitchenTickets}>
        {data.tickets.map((ticket) => (
          <KitchenTicketCard
            key={ticket.key}
            ticket={ticket}
            now={now}
            actions={actions}
            showArea={filter === 'tutto'}
            fresh={recent.has(ticket.entryKey)}
          />
        ))}
      </section>
    );
  }

  return (
    <AgeThresholdsContext.Provider value={thresholds}>
      <div className="kds">
        <KitchenBar
          now={now}
          filter={filter}
          onFilter={setFilter}
          thresholds={thresholds}
          onThresholds={setThresholds}
        />
        <SoundPrompt className="kds-sound" />
        {body}
        <footer className="kds-foot">
          <ToastRegion toasts={toasts} onDismiss={dismiss} className="kds-notices" />
          <UndoBar undo={undo} onUndo={takeBack} />
        </footer>
      </div>
    </AgeThresholdsContext.Provider>
  );
}
