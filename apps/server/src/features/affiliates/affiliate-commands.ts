// The operator's payout commands by name and JSON body: `shark payouts …` runs them on the database, or
// hands them to the running embedded server through the admin socket, with the same answers.
import { z } from 'zod';
import { payoutStatusSchema } from '@shark/contracts/affiliates.ts';
import type { Config } from '#server/config/env.ts';
import {
  openOperatorCommandsOn,
  parseCommandBody as parse,
  type OpenedOperatorCommands,
  type OperatorCommand,
} from '#server/features/admin/operator-command-kit.ts';
import { createLogger } from '#server/http/logger.ts';
import { createAffiliateRepository } from './affiliate-repository.ts';
import { createAffiliateService, type AffiliateService } from './affiliate-service.ts';

export type AffiliateCommand = OperatorCommand;

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
export function openAffiliateCommands(config: Config): Promise<OpenedOperatorCommands> {
  return openOperatorCommandsOn(config, (db) =>
    affiliateCommands(
      createAffiliateService({
        repo: createAffiliateRepository(db),
        config: config.affiliates,
        publicUrl: config.publicUrl,
        visitorSecret: config.authSecret,
        logger: createLogger(config.logLevel),
      }),
    ),
  );
}
