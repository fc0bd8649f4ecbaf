import { findMessageBody, setMessageSpamVerdict, updateAccount } from '@app/db';
import { rspamdLearn } from '@app/mail/rspamd';
import { open } from '@app/runtime';
import {
  SPAM_FOLDER_DAYS,
  SpamLearnBodySchema,
  SpamLearnResponseSchema,
  SpamSettingsBodySchema,
  SpamSettingsResponseSchema,
  type SpamMode,
  type SpamSettings,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { notFound } from '../../errors';
import { AccountParamsSchema, MessageParamsSchema, openMessage } from '../../ownership';
import { logAliasWrite } from '../aliases/log';
import { requireSelf } from '../sign-in/sessions';

/**
 * Spam scoring for the reader (docs/spam.md): the account's spam mode, and the Spam / Not spam
 * verdict on one message, which moves it and trains the account's Bayes in Rspamd. The alias's
 * own mode is set with the alias's other settings; its Spam folder is listed with its messages.
 */
const spamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services.database;
  const config = services.config;

  const settings = (mode: SpamMode): SpamSettings => ({
    mode,
    scoring: !!config.RSPAMD_URL,
    mark_score: config.SPAM_MARK_SCORE,
    refuse_score: config.SPAM_REFUSE_SCORE,
    folder_days: SPAM_FOLDER_DAYS,
  });

  app.get(
    '/account/:id/spam',
    { schema: { params: AccountParamsSchema, response: answers(SpamSettingsResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      return { success: true as const, spam: settings(account.spamMode) };
    },
  );

  app.put(
    '/account/:id/spam',
    { schema: { params: AccountParamsSchema, body: SpamSettingsBodySchema, response: answers(SpamSettingsResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const row = await updateAccount(db, account.id, { spamMode: request.body.mode });
      if (!row) throw notFound();
      return { success: true as const, msg: 'Spam setting saved.', spam: settings(row.spamMode) };
    },
  );

  app.post(
    '/account/:id/alias/:aliasId/message/:messageId/spam',
    { schema: { params: MessageParamsSchema, body: SpamLearnBodySchema, response: answers(SpamLearnResponseSchema) } },
    async (request, reply) => {
      const { account, alias, row, key } = await openMessage(request, reply, request.params);
      const { verdict } = request.body;
      // Rspamd learns from the message as received; down or unconfigured, the message moves anyway.
      let learned = false;
      const raw = config.RSPAMD_CONTROLLER_URL ? await findMessageBody(db, row.id, 'raw') : null;
      if (config.RSPAMD_CONTROLLER_URL && raw) {
        try {
          const result = await rspamdLearn(
            config.RSPAMD_CONTROLLER_URL,
            config.RSPAMD_PASSWORD,
            verdict,
            open(key, raw),
            account.id,
            config.RSPAMD_TIMEOUT_MS,
          );
          learned = result.learned;
          if (!result.learned) request.log.info({ messageId: row.id, reason: result.reason }, 'rspamd did not learn the message');
        } catch (err) {
          request.log.warn({ messageId: row.id, err: (err as Error).message }, 'rspamd learning failed');
        }
      }
      const updated = await setMessageSpamVerdict(db, alias.id, row.id, verdict);
      if (!updated) throw notFound();
      logAliasWrite(request, account, alias, {
        endpoint: verdict === 'spam' ? 'message_spam' : 'message_not_spam',
        detail: `message ${row.id}${learned ? ', learnt by the filter' : ''}`,
      });
      return {
        success: true as const,
        msg: verdict === 'spam' ? 'Moved to Spam.' : 'Moved to the inbox.',
        spam: { score: updated.spamScore, action: updated.spamAction },
        learned,
      };
    },
  );
};

export default spamRoutes;
