import type { PrinterTarget } from '../config.ts';
import type { RenderedTicket } from '../ticket/render.ts';
import { probeDevice, sendDevice } from './device.ts';
import { probeFolder, sendFolder } from './folder.ts';
import { probeTcp, sendTcp } from './tcp.ts';

/** Sends a ticket to whatever the printer is; resolves once the bytes reached it. */
export function sendToTarget(target: PrinterTarget, ticket: RenderedTicket, fileName: string): Promise<void> {
  switch (target.type) {
    case 'tcp':
      return sendTcp(target, ticket.bytes);
    case 'device':
      return sendDevice(target.path, ticket.bytes);
    case 'folder':
      return sendFolder(target.path, fileName, ticket.bytes, ticket.text);
  }
}

export function probeTarget(target: PrinterTarget): Promise<void> {
  switch (target.type) {
    case 'tcp':
      return probeTcp(target);
    case 'device':
      return probeDevice(target.path);
    case 'folder':
      return probeFolder(target.path);
  }
}

export function describeTarget(target: PrinterTarget): string {
  return target.type === 'tcp' ? `tcp ${target.host}:${target.port}` : `${target.type} ${target.path}`;
}
