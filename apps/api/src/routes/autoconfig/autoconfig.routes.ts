import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawAnswer } from '../../contract';
import { autoconfigXml } from './autoconfig';

const ANSWER = rawAnswer(
  'application/xml',
  'The Thunderbird autoconfig file of the mail access (docs/mail-clients.md).',
  z.string(),
);

/**
 * Thunderbird's autoconfig (docs/mail-clients.md): at the domain's /.well-known/ path, and at
 * /mail/config-v1.1.xml as asked of the `autoconfig.` host (its `emailaddress` query changes nothing:
 * the file is the same for every address).
 */
const autoconfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const xml = autoconfigXml(app.services.config);
  for (const path of ['/.well-known/autoconfig/mail/config-v1.1.xml', '/mail/config-v1.1.xml'])
    app.get(path, { schema: { response: ANSWER } }, async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').send(xml),
    );
};
export default autoconfigRoutes;
