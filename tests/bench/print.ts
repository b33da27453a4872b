// `npm run bench -- print`: the print bridge, run as `npm run print-bridge` runs it (its
// own process, a real data folder with fsync), printing to a fake network printer on loopback.
// Figures: a ticket from the websocket message to its last byte at the printer (p50/p99, one at
// a time), and 1,000 jobs queued while the printer is off, drained once it is back (jobs/s).
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BridgeClient,
  type BridgeProcess,
  FakePrinter,
  isAck,
  isQueued,
  printMessage,
  seedCertificate,
  startBridgeProcess,
  tableData,
} from '@comanda/print-bridge/testing';
import { percentile, report, round } from './report.ts';

const WARMUP = 20;
const SAMPLES = 300;
const DRAIN_JOBS = 1000;

const fig = (metric: string, value: number, unit: string) => report({ bench: 'print', metric, value, unit });

export async function benchPrint(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-bench-print-'));
  const printer = await FakePrinter.start();
  let bridge: BridgeProcess | null = null;
  let client: BridgeClient | null = null;
  try {
    await seedCertificate(dataDir);
    bridge = await startBridgeProcess({
      dataDir,
      config: {
        // Retry quickly, so the drain measures printing rather than the wait for the next retry.
        retry: { firstSeconds: 0.05, maxSeconds: 0.1 },
        printers: [
          { name: 'cassa', area: 'tutto', target: { type: 'tcp', host: '127.0.0.1', port: printer.port } },
        ],
      },
      env: { PRINT_BRIDGE_LOG: 'warn' },
    });
    client = await BridgeClient.connect(bridge.port, bridge.caCert);
    // The bridge prints only for a paired device: the code, as the owner reads it on the box.
    await client.pair(await bridge.pairingCode());
    // One ticket at a time: message sent -> last byte at the printer, and -> acknowledgement.
    const toPrinter: number[] = [];
    const toAck: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const jobId = `lat-${i}`;
      const before = printer.tickets.length;
      const sent = performance.now();
      client.send(printMessage(tableData((i % 40) + 1), { jobId }));
      await client.waitFor(isAck(jobId));
      const acked = performance.now();
      if (i < WARMUP) continue;
      const ticket = printer.tickets[before];
      if (!ticket || printer.tickets.length !== before + 1)
        throw new Error('bench print: wrong ticket count');
      toPrinter.push(ticket.at - sent);
      toAck.push(acked - sent);
    }
    toPrinter.sort((a, b) => a - b);
    toAck.sort((a, b) => a - b);
    fig('message_to_printer_p50', round(percentile(toPrinter, 50)), 'ms');
    fig('message_to_printer_p99', round(percentile(toPrinter, 99)), 'ms');
    fig('message_to_ack_p50', round(percentile(toAck, 50)), 'ms');

    // 1,000 jobs queued (each durable before its PRINT_QUEUED) while the printer is off.
    await printer.off();
    const printedBefore = printer.tickets.length;
    const acksBefore = client.of('ORDER_PRINTED_NOTIFICATION').length;
    const queueStart = performance.now();
    for (let i = 0; i < DRAIN_JOBS; i++) {
      client.send(printMessage(tableData((i % 40) + 1), { jobId: `drain-${i}` }));
    }
    await client.waitForCount((f) => isQueued()(f) && f.data.jobId.startsWith('drain-'), DRAIN_JOBS, 120_000);
    const queueMs = performance.now() - queueStart;
    fig('queue_jobs_per_second', round(DRAIN_JOBS / (queueMs / 1000), 0), 'jobs/s');

    const on = performance.now();
    await printer.on();
    await printer.waitFor(printedBefore + DRAIN_JOBS, 300_000);
    const drained = performance.now();
    await client.waitForCount(isAck(), acksBefore + DRAIN_JOBS, 60_000);
    const first = printer.tickets[printedBefore]?.at ?? drained;
    fig('drain_jobs_per_second', round(DRAIN_JOBS / ((drained - on) / 1000), 0), 'jobs/s');
    fig('drain_first_ticket_after_printer_back', round(first - on), 'ms');
    const acked = client.of('ORDER_PRINTED_NOTIFICATION').filter((f) => f.data.jobId.startsWith('drain-'));
    const distinct = new Set(acked.map((f) => f.data.jobId)).size;
    fig('drain_duplicate_or_missing_acks', acked.length - distinct + (DRAIN_JOBS - distinct), 'acks');
    fig('drain_extra_tickets', printer.tickets.length - printedBefore - DRAIN_JOBS, 'tickets');
  } finally {
    await client?.close();
    await bridge?.stop();
    await printer.off();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
