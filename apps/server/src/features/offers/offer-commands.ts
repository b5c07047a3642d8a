// The operator's offer commands by name and JSON body: `shark offers …` runs them on the database, or
// hands them to the running embedded server through the admin socket, with the same answers.
import { z } from 'zod';
import { openDatabase } from '@shark/db/client.ts';
import type { Config } from '#server/config/env.ts';
import { loadPlanCatalog } from '#server/config/plans.ts';
import { AppError } from '#server/http/app-error.ts';
import { planFeaturesOf } from '#server/features/account/plan-features.ts';
import { createOfferRepository } from './offer-repository.ts';
import { createOfferService, type OfferService } from './offer-service.ts';

export type OfferCommand = (body: unknown) => Promise<unknown>;

const idBody = z.object({ id: z.string().trim().min(1, 'An offer id is required.').max(200) });

function parseId(body: unknown): string {
  const parsed = idBody.safeParse(body ?? {});
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid command.');
  return parsed.data.id;
}

export function offerCommands(offers: OfferService): Record<string, OfferCommand> {
  return {
    'offers/create': (body) => offers.create(body),
    'offers/list': () => offers.list(),
    'offers/show': (body) => offers.show(parseId(body)),
    'offers/revoke': (body) => offers.revoke(parseId(body)),
  };
}

/** For the CLI on a database it may open itself: the offer commands, without HTTP, jobs or mail. */
export async function openOfferCommands(
  config: Config,
): Promise<{ commands: Record<string, OfferCommand>; close: () => Promise<void> }> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const offers = createOfferService({
    repo: createOfferRepository(database.db),
    planFeatures: planFeaturesOf(loadPlanCatalog(config.plansFile)),
    publicUrl: config.publicUrl,
  });
  return { commands: offerCommands(offers), close: () => database.close() };
}
