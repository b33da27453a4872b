import { request } from 'node:https';

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request over HTTPS trusting only the bridge's authority (no `rejectUnauthorized: false`). */
export function httpsRequest(
  port: number,
  path: string,
  caCert: string,
  options: { method?: string; headers?: Record<string, string>; host?: string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.host ?? '127.0.0.1',
        port,
        path,
        ca: caCert,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** GET over HTTPS trusting only the bridge's authority; `host` is the address dialled. */
export function httpsGet(
  port: number,
  path: string,
  caCert: string,
  host = '127.0.0.1',
): Promise<HttpsAnswer> {
  return httpsRequest(port, path, caCert, { host });
}
