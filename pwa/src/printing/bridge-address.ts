import { PRINTER_PORT } from '@comanda/shared-schema';

/**
 * Spec 9: the print bridge listens on port 3001 (`PRINTER_PORT`) of the owner's address.
 * The bridge's secure websocket address from the venue's `ownerIp` (profile, BusinessRow):
 * 'cassa.local' or '192.168.1.20' -> `wss://<host>:3001/`. A `host:port` ('127.0.0.1:41234')
 * picks another port: tests run the bridge on a free one, and a venue may move it. IPv6 is
 * written in brackets ('[fe80::1]:3001'); a bare IPv6 address gets the default port. Empty,
 * unset or malformed: null (no bridge; printing goes through the browser).
 */
export function bridgeUrl(ownerIp: string | null | undefined): string | null {
  const raw = ownerIp?.trim() ?? '';
  if (raw === '' || raw.length > 255) return null;
  let host: string;
  let port = PRINTER_PORT;
  const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?$/.exec(raw);
  if (bracketed) {
    host = `[${bracketed[1]}]`;
    if (bracketed[2] !== undefined) port = Number(bracketed[2]);
  } else if ((raw.match(/:/g) ?? []).length > 1) {
    if (!/^[0-9A-Fa-f:.]+$/.test(raw)) return null;
    host = `[${raw}]`;
  } else {
    const [name = '', portText] = raw.split(':');
    if (!/^[A-Za-z0-9.-]+$/.test(name)) return null;
    host = name;
    if (portText !== undefined) {
      if (!/^\d{1,5}$/.test(portText)) return null;
      port = Number(portText);
    }
  }
  if (port < 1 || port > 65_535) return null;
  return `wss://${host}:${port}/`;
}
