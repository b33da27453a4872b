import { uuid } from '../data/uuid.ts';
import type { PrintJob } from './job-store.ts';
import { createJobStore, UNBOUND_SCOPE } from './job-store.ts';
import type { PrintTarget } from './print-service.ts';
import { printerKind } from './print-service.ts';
import { activePrinting } from './printing.ts';

/**
 * Spec 4 "If the owner ordered, the order is sent to the printer": the lines of the order not
 * printed yet, the whole order ('tutto'; the bridge sends each area to its printer). Without a
 * running print service (the ordering screen opened straight after a reload) the job is kept
 * unbound and the venue's service adopts it when an owner screen starts it.
 */
export function autoPrintOrder(target: PrintTarget): PrintJob | null {
  const service = activePrinting();
  if (service) return service.autoPrint({ target, from: 'order' });
  const job: PrintJob = {
    jobId: uuid(),
    kind: printerKind(target, 'order'),
    key: 'deliveryId' in target ? target.deliveryId : target.tableId,
    delivery: 'deliveryId' in target,
    filter: 'tutto',
    via: 'bridge',
    createdAt: Date.now(),
  };
  createJobStore(UNBOUND_SCOPE).put(job);
  return job;
}
