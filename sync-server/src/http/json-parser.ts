import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies through Fastify's own safe parser (prototype poisoning refused), except that an
 * empty body is accepted as "no payload": the spec has calls with none, and clients send them
 * with or without a content type. The route turns an absent body into `{}`.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    // The default parser is the callback kind (its type also allows the promise kind).
    void parseJson(req, body as string, done);
  });
}
