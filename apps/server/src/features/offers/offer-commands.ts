// The operator's offer commands by name and JSON body: `shark offers …` runs them on the database, or
// hands them to the running embedded server through the admin socket, with the same answers.
import { z } from 'zod';
import type { Config } from '#server/config/env.ts';
import { loadPlanCatalog } from '#server/config/plans.ts';
import {
  openOperatorCommandsOn,
  parseCommandBody,
  type OpenedOperatorCommands,
  type OperatorCommand,
} from '#server/features/admin/operator-command-kit.ts';
import { accountsOn } from '#server/features/user/account-service.ts';
import { planFeaturesOf } from '#server/features/user/plan-features.ts';
import { createOfferRepository } from './offer-repository.ts';
import { createOfferService, type OfferService } from './offer-service.ts';

export type OfferCommand = OperatorCommand;

const idBody = z.object({ id: z.string().trim().min(1, 'An offer id is required.').max(200) });

const parseId = (body: unknown): string => parseCommandBody(idBody, body).id;

export function offerCommands(offers: OfferService): Record<string, OfferCommand> {
  return {
    'offers/create': (body) => offers.create(body),
    'offers/list': () => offers.list(),
    'offers/show': (body) => offers.show(parseId(body)),
    'offers/revoke': (body) => offers.revoke(parseId(body)),
  };
}

/** For the CLI on a database it may open itself: the offer commands, without HTTP, jobs or mail. */
export function openOfferCommands(config: Config): Promise<OpenedOperatorCommands> {
  const planFeatures = planFeaturesOf(loadPlanCatalog(config.plansFile));
  return openOperatorCommandsOn(config, (db) =>
    offerCommands(
      createOfferService({
        repo: createOfferRepository(db, (tx) => accountsOn(tx, planFeatures)),
        publicUrl: config.publicUrl,
      }),
    ),
  );
}
