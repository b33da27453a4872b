import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BridgeStatus } from '@comanda/shared-schema';
import { startAdminSocket } from './admin/socket.ts';
import type { BridgeConfig, PrinterConfig } from './config.ts';
import { createHttpsServer } from './http/server.ts';
import { JobIntake } from './jobs.ts';
import { consoleLog, type Log } from './log.ts';
import { codePrinter, pairingTicket } from './pairing/code-ticket.ts';
import { DeviceStore } from './pairing/devices.ts';
import { Pairing } from './pairing/pairing.ts';
import { probeTarget, sendToTarget } from './printers/target.ts';
import { PrinterWorker } from './printers/worker.ts';
import { PrintQueue, type Task } from './queue/queue.ts';
import { attachSockets } from './sockets.ts';
import { renderTicket } from './ticket/render.ts';
import { tableSample } from './ticket/sample.ts';
import { ensureCertificate, machineNames, type TlsMaterial } from './tls.ts';

export interface Bridge {
  port: number;
  config: BridgeConfig;
  tls: TlsMaterial;
  status(): BridgeStatus;
  /** The pairing code shown on the box and the paired devices (DESIGN.md "Abuse"). */
  pairing: Pairing;
  /** Stops taking messages, lets tickets in flight finish, closes everything. */
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

/** How a queued ticket prints on a given printer (the backup's paper width, say). */
function renderTask(task: Task, printer: PrinterConfig) {
  const { record } = task;
  return renderTicket(task.job.record.source, {
    ticket: record.ticket,
    area: record.area,
    columns: printer.columns,
    codepage: printer.codepage,
    backupOf: record.backup ? record.printer : null,
  });
}

/** Starts the bridge: certificate, queue left from before, one loop per printer, the port. */
export async function startBridge(config: BridgeConfig, log: Log = consoleLog()): Promise<Bridge> {
  // A code page the encoder does not know fails here, not at the first order.
  for (const printer of config.printers) {
    renderTicket(tableSample(), {
      ticket: printer.ticket,
      area: printer.area,
      columns: printer.columns,
      codepage: printer.codepage,
      backupOf: null,
    });
  }
  const tlsDir = join(config.dataDir, 'tls');
  let tls = await ensureCertificate(tlsDir, machineNames(config.certificateNames), log);
  const pairing = new Pairing(await DeviceStore.open(config.dataDir), log);
  const queue = await PrintQueue.open(config.dataDir, log);
  const rehomed = await queue.rehome(new Set(config.printers.map((p) => p.name)), (task) => {
    const active = config.printers.filter((p) => !p.onlyBackup);
    const fit = active.find((p) => p.area === task.record.area) ?? active.find((p) => p.area === 'tutto');
    return (fit ?? active[0] ?? config.printers[0])?.name ?? task.record.assigned;
  });
  if (rehomed > 0) log.warn(`queue: ${rehomed} ticket(s) of printers no longer in the settings moved`);

  const workers = new Map<string, PrinterWorker>();
  let statusChanged = () => {};
  const intake = new JobIntake({
    queue,
    printers: config.printers,
    venueName: config.venueName,
    wake: (name) => workers.get(name)?.wake(),
    changed: () => statusChanged(),
    log,
  });
  for (const printer of config.printers) {
    workers.set(
      printer.name,
      new PrinterWorker(printer, {
        queue,
        render: renderTask,
        send: sendToTarget,
        probe: probeTarget,
        printed: (_task, entry) => {
          if (entry) intake.printed(entry);
        },
        changed: () => statusChanged(),
        wake: (name) => workers.get(name)?.wake(),
        retryFirstMs: config.retryFirstMs,
        retryMaxMs: config.retryMaxMs,
        probeMs: config.probeMs,
        log,
      }),
    );
  }
  const status = (): BridgeStatus => ({
    printers: [...workers.values()].map((w) => w.status()),
    queuedJobs: queue.pendingJobs,
  });

  const server = createHttpsServer({ status, pairing, tls: () => tls });
  const sockets = attachSockets(server, {
    intake,
    status,
    pairing,
    allowedOrigins: config.allowedOrigins,
    log,
  });
  statusChanged = () => sockets.statusChanged();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  for (const worker of workers.values()) worker.start();
  const admin = await startAdminSocket(config.dataDir, {
    newCode: () => pairing.newCode(),
    printCode: async (code) => {
      const printer = codePrinter(config.printers);
      if (!printer) throw new Error('no printer configured');
      await sendToTarget(printer.target, pairingTicket(code, printer), `abbinamento-${Date.now()}`);
      return printer.name;
    },
    devices: () => pairing.devices(),
    revoke: (id) => pairing.revoke(id),
    log,
  });

  // A new LAN address or a certificate near its end: remade daily, swapped without a restart.
  const renewal = setInterval(() => {
    ensureCertificate(tlsDir, machineNames(config.certificateNames), log)
      .then((next) => {
        if (next.cert === tls.cert) return;
        tls = next;
        server.setSecureContext({ key: next.key, cert: next.cert });
      })
      .catch((err: unknown) => log.error(`tls: renewal failed: ${String(err)}`));
  }, DAY_MS);
  renewal.unref();

  return {
    port: (server.address() as AddressInfo).port,
    config,
    get tls() {
      return tls;
    },
    status,
    pairing,
    async close() {
      clearInterval(renewal);
      await admin?.close();
      await sockets.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await intake.idle();
      await Promise.all([...workers.values()].map((w) => w.stop()));
      await queue.close();
    },
  };
}
