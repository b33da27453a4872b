import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';

/**
 * Test support: a tiny SMTP server on loopback (plain, no TLS, no auth) that keeps each message
 * it accepts, or, while `refusing`, greets every connection with 421 and hangs up, as a mail
 * server that is down for maintenance does.
 */
export interface FakeSmtp {
  url: string;
  /** Raw messages accepted (headers and body), in order. */
  messages: string[];
  refusing: boolean;
  /** Resolves when the number of accepted messages reaches `n`. */
  waitFor(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeSmtp(options: { refusing?: boolean } = {}): Promise<FakeSmtp> {
  const messages: string[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const sockets = new Set<Socket>();
  const smtp: FakeSmtp = {
    url: '',
    messages,
    refusing: options.refusing ?? false,
    waitFor: (n) =>
      messages.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve })),
    close: async () => {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, 'close');
    },
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (smtp.refusing) {
      socket.end('421 fake.smtp Service not available, try again later\r\n');
      return;
    }
    let buffer = '';
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          messages.push(data.join('\r\n'));
          data = null;
          reply('250 2.0.0 queued');
          for (const w of waiters.filter((x) => messages.length >= x.n)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-fake.smtp');
          reply('250 8BITMIME');
        } else if (
          verb === 'HELO' ||
          verb === 'MAIL' ||
          verb === 'RCPT' ||
          verb === 'RSET' ||
          verb === 'NOOP'
        ) {
          reply('250 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else {
          reply('502 not implemented');
        }
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  smtp.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return smtp;
}
