// Child process of the hub bench: a bare `ws` server that broadcasts the same frame, the
// baseline the hub's overhead is measured against.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
const address = wss.address();
const port = typeof address === 'object' && address ? address.port : 0;

wss.on('connection', (socket) => {
  socket.send(JSON.stringify({ event: 'connect', data: { socketId: 'bare' } }));
});

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'publish') {
    const frame = JSON.stringify({ event: 'enableOrder', data: {} });
    for (const client of wss.clients) client.send(frame);
    process.send?.({ type: 'published' });
  } else if (msg.type === 'rss') {
    global.gc?.();
    process.send?.({ type: 'rss', rss: process.memoryUsage().rss });
  } else if (msg.type === 'stop') {
    wss.close(() => process.exit(0));
  }
});
process.send?.({ type: 'ready', port });
