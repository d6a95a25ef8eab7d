import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import proxy from '@fastify/http-proxy';
import { createStaticServer } from '@portal/shared/server';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { HostServerConfig } from './config';
import { securityHeaders } from './security-headers';

/** Adds the content API key on the server, so that no key is ever in a bundle or a browser. */
export function withContentApiKey(search: string | undefined, reqUrl: string, apiKey: string): string {
  const query = search && search.length > 1 ? search : (reqUrl.split('?')[1] ?? '');
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  params.set('sc_apikey', apiKey);
  return params.toString();
}

/**
 * The host's production server: the app under /en/ with history fallback, the runtime config at
 * /en/remotes.json, the backends proxied on the same origin, and the security headers.
 */
export async function createHostServer(
  config: HostServerConfig,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const runtimeJson = JSON.stringify(config.runtime);
  const runtimeEtag = `"${createHash('sha256').update(runtimeJson).digest('base64url').slice(0, 27)}"`;

  return createStaticServer({
    root: config.distDir,
    prefix: '/en/',
    logger,
    setup: async (app) => {
      await app.register(helmet, securityHeaders(config.runtime));

      app.get('/', async (_request, reply) => reply.redirect('/en/', 302));

      app.get('/en/remotes.json', async (request, reply) => {
        void reply.header('Cache-Control', 'no-cache').header('ETag', runtimeEtag);
        if (request.headers['if-none-match'] === runtimeEtag) return reply.code(304).send();
        return reply.type('application/json').send(runtimeJson);
      });

      await app.register(proxy, { upstream: config.apiOrigin, prefix: '/api', rewritePrefix: '/api' });
      await app.register(proxy, { upstream: config.apiOrigin, prefix: '/pacos', rewritePrefix: '/pacos' });
      await app.register(proxy, {
        upstream: config.contentOrigin,
        prefix: '/sitecore/api',
        rewritePrefix: '/sitecore/api',
        replyOptions: {
          queryString: (search, reqUrl) => withContentApiKey(search, reqUrl, config.contentApiKey),
        },
      });
    },
  });
}
