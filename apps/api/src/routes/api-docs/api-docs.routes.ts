// The API's own description (docs/product.md §7): the OpenAPI document generated from the contract,
// and a readable reference (Swagger UI, served from our own files: no CDN, a strict CSP).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawAnswer } from '../../contract';
import { openApiDocument } from './openapi';
import { cookieName } from '../sign-in/sessions';
import { DOCS_CSP } from '../../plugins/security';

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>API reference</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body>
</html>
`;
/** A file of its own: the CSP allows no inline script. */
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'init.js': 'text/javascript; charset=utf-8',
} as const;
const AssetParams = z.object({ file: z.enum(Object.keys(ASSETS) as [keyof typeof ASSETS, ...(keyof typeof ASSETS)[]]) });

const apiDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { PUBLIC_URL } = app.services.config;
  let document: string | undefined;

  app.get(
    '/openapi.json',
    {
      schema: {
        response: rawAnswer('application/json', 'The OpenAPI 3.1 document of every route.', z.record(z.string(), z.unknown())),
      },
    },
    async (_request, reply) => {
      // Built on first use, when every route is registered.
      document ??= JSON.stringify(
        openApiDocument(app.contract, { url: PUBLIC_URL, cookie: cookieName(PUBLIC_URL.startsWith('https:')) }),
      );
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );

  app.get(
    '/docs',
    { schema: { response: rawAnswer('text/html', 'The API reference page.', z.string()) } },
    async (_request, reply) => reply.header('Content-Security-Policy', DOCS_CSP).type('text/html; charset=utf-8').send(PAGE),
  );

  app.get(
    '/docs/:file',
    {
      schema: {
        params: AssetParams,
        response: rawAnswer('text/plain', 'A script or style sheet of the reference page.', z.string()),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const body = file === 'init.js' ? INIT : await readFile(join(SWAGGER_UI, file));
      return reply.type(ASSETS[file]).send(body);
    },
  );
};
export default apiDocsRoutes;
