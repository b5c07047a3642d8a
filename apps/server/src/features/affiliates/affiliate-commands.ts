// The operator's payout commands by name and JSON body: `shark payouts …` runs them on the database, or
// hands them to the running embedded server through the admin socket, with the same answers.
import { z } from 'zod';
import { openDatabase } from '@shark/db/client.ts';
import { payoutStatusSchema } from '@shark/contracts/affiliates.ts';
import type { Config } from '#server/config/env.ts';
import { AppError } from '#server/http/app-error.ts';
import { createLogger } from '#server/http/logger.ts';
import { createAffiliateRepository } from './affiliate-repository.ts';
import { createAffiliateService, type AffiliateService } from './affiliate-service.ts';

export type AffiliateCommand = (body: unknown) => Promise<unknown>;

const listBody = z.object({ status: payoutStatusSchema.nullable().default(null) });
const id = z.string().trim().min(1, 'A payout id is required.').max(200);
const paidBody = z.object({
  id,
  reference: z.string().trim().min(1, 'Give the transfer’s reference.').max(1000),
});
const rejectBody = z.object({
  id,
  reason: z.string().trim().min(1, 'Give the reason for the rejection.').max(1000),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid command.');
  return parsed.data;
}

export function affiliateCommands(affiliates: AffiliateService): Record<string, AffiliateCommand> {
  return {
    'payouts/list': (body) => affiliates.listPayouts(parse(listBody, body).status),
    'payouts/paid': (body) => {
      const { id: payoutId, reference } = parse(paidBody, body);
      return affiliates.markPaid(payoutId, reference);
    },
    'payouts/reject': (body) => {
      const { id: payoutId, reason } = parse(rejectBody, body);
      return affiliates.reject(payoutId, reason);
    },
  };
}

/** For the CLI on a database it may open itself: the payout commands, without HTTP, jobs or mail. */
export async function openAffiliateCommands(
  config: Config,
): Promise<{ commands: Record<string, AffiliateCommand>; close: () => Promise<void> }> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const affiliates = createAffiliateService({
    repo: createAffiliateRepository(database.db),
    config: config.affiliates,
    publicUrl: config.publicUrl,
    visitorSecret: config.authSecret,
    logger: createLogger(config.logLevel),
  });
  return { commands: affiliateCommands(affiliates), close: () => database.close() };
}
