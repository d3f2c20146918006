import { randomBytes } from 'node:crypto';
import type { CodeSettings, CodeSettingsUpdate, Locale, PageQuery } from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkOutboundUrl } from '../../lib/outbound/public-address';
import { paged } from '../../lib/pagination';
import {
  applicationExists,
  deletePattern,
  findSettings,
  listDeliveries,
  listPatterns,
  type SettingsRow,
  savePattern,
  saveSettings,
} from './code-settings.repository';
import { compileUserPattern, extractWith } from './user-patterns';

export type CodeSettingsService = ReturnType<typeof createCodeSettingsService>;

/** What a user without a settings row gets: the table's defaults (JSON, the link's answer before settings existed). */
const DEFAULTS: SettingsRow = {
  answer_format: 'json',
  window_minutes: 20,
  time_zone: 'Asia/Shanghai',
  webhook_url: null,
  webhook_secret: null,
};

const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** Code retrieval settings (spec §2 `api-setting`): answer format, window, patterns, webhook. */
export function createCodeSettingsService({
  db,
  allowPrivateWebhooks,
}: {
  db: Db;
  allowPrivateWebhooks: boolean;
}) {
  const read = async (userId: number): Promise<CodeSettings> => {
    const [row, patterns] = await Promise.all([findSettings(db, userId), listPatterns(db, userId)]);
    const s = row ?? DEFAULTS;
    return {
      answerFormat: s.answer_format,
      windowMinutes: s.window_minutes,
      timeZone: s.time_zone,
      webhookUrl: s.webhook_url,
      webhookSecret: s.webhook_secret,
      patterns,
    };
  };

  return {
    get: read,

    async update(userId: number, input: CodeSettingsUpdate) {
      if (input.webhookUrl) checkOutboundUrl(input.webhookUrl, allowPrivateWebhooks);
      await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`code-settings:${userId}`]);
        const current = (await findSettings(tx, userId)) ?? DEFAULTS;
        await saveSettings(tx, userId, {
          answer_format: input.answerFormat,
          window_minutes: input.windowMinutes,
          time_zone: input.timeZone,
          webhook_url: input.webhookUrl,
          // The first webhook URL brings a secret; it stays (shown on the page) until regenerated.
          webhook_secret: current.webhook_secret ?? (input.webhookUrl ? newWebhookSecret() : null),
        });
      });
      return read(userId);
    },

    async regenerateSecret(userId: number) {
      const webhookSecret = newWebhookSecret();
      await db.transaction(async (tx) => {
        const current = (await findSettings(tx, userId)) ?? DEFAULTS;
        await saveSettings(tx, userId, { ...current, webhook_secret: webhookSecret });
      });
      return { webhookSecret };
    },

    async setPattern(userId: number, applicationId: number, pattern: string, locale: Locale) {
      compileUserPattern(pattern, locale);
      if (!(await applicationExists(db, applicationId))) throw new AppError('CODE_APPLICATION_NOT_FOUND');
      await savePattern(db, userId, applicationId, pattern);
      return read(userId);
    },

    async removePattern(userId: number, applicationId: number) {
      await deletePattern(db, userId, applicationId);
      return read(userId);
    },

    testPattern(pattern: string, text: string, locale: Locale) {
      const code = extractWith(compileUserPattern(pattern, locale), text);
      return { matched: code !== null, code };
    },

    async deliveries(userId: number, query: PageQuery) {
      const { list, total } = await listDeliveries(db, userId, query);
      return paged(list, total, query);
    },
  };
}
