import { get } from 'node:https';

/** GET over HTTPS trusting only the bridge's authority (no `rejectUnauthorized: false`). */
export function httpsGet(
  port: number,
  path: string,
  caCert: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, ca: caCert }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}
