// Every repository of the takedown domain built on one database, with the transitions port: the one
// place enforcement and the lifecycle get them from, so their services never hold the database.
import type { Database } from '@shark/db/client.ts';
import { createAuthorizationRepository } from './agent-authorization/agent-authorization-repository.ts';
import { createTakedownLifecycleRepository } from './lifecycle/takedown-lifecycle-repository.ts';
import { createDelistingRepository } from './notices/delisting-repository.ts';
import { createFormTaskRepository } from './notices/form-task-repository.ts';
import { createNoticeRepository } from './notices/notice-repository.ts';
import { createTakedownRepository } from './opening/takedown-repository.ts';
import { createTakedownTransitions } from './opening/takedown-transition-repository.ts';
import { createOutboxRepository } from './outbox/outbox-repository.ts';
import { createDatabaseRecipientCache } from './recipients/recipient-cache-repository.ts';
import { createSiteContactRepository } from './recipients/site-contact-repository.ts';

export function createTakedownRepositories(db: Database) {
  return {
    takedowns: createTakedownRepository(db),
    transitions: createTakedownTransitions(db),
    authorizations: createAuthorizationRepository(db),
    notices: createNoticeRepository(db),
    outbox: createOutboxRepository(db),
    forms: createFormTaskRepository(db),
    delisting: createDelistingRepository(db),
    siteContacts: createSiteContactRepository(db),
    recipientCache: createDatabaseRecipientCache(db),
    lifecycle: createTakedownLifecycleRepository(db),
  };
}

export type TakedownRepositories = ReturnType<typeof createTakedownRepositories>;
