// The operator's enforcement commands by name and JSON body: the CLI runs them on the database, or
// hands them to the running embedded server through the admin socket, with the same answers.
import { z } from 'zod';
import { AppError } from '#server/http/app-error.ts';
import {
  parseCommandBody as parse,
  type OperatorCommand,
} from '#server/features/admin/operator-command-kit.ts';
import type { DelistingService } from '#server/features/takedowns/notices/delisting-service.ts';
import type { FormTaskService } from '#server/features/takedowns/notices/form-task-service.ts';
import { DISCOVERED_SITE_STATUSES } from '#server/features/takedowns/recipients/site-contact-repository.ts';
import type { SiteContactService } from '#server/features/takedowns/recipients/site-contact-service.ts';

const id = z.object({ id: z.string().trim().min(1, 'an id is required').max(200) });
const done = id.extend({ by: z.string().trim().max(200).nullish() });
const site = z.object({ site: z.string().trim().min(1, 'a site is required').max(500) });
const by = z.string().trim().min(1).max(200).nullish();
const contact = site.extend({
  email: z.email('--email must be an e-mail address').max(320).nullish(),
  form: z
    .url({ protocol: /^https?$/, message: '--form must be an http(s) URL' })
    .max(2000)
    .nullish(),
  by,
});
const siteList = z.object({ status: z.enum(DISCOVERED_SITE_STATUSES).nullish() });
const review = site.extend({
  by,
  name: z.string().trim().min(1).max(200).nullish(),
  kind: z.string().trim().min(1).max(50).nullish(),
});

export type { OperatorCommand };

export function createOperatorCommands(deps: {
  forms: FormTaskService;
  delisting: DelistingService;
  sites: SiteContactService;
}): Record<string, OperatorCommand> {
  const { forms, delisting, sites } = deps;
  return {
    'forms/list': () => forms.list(),
    'forms/show': (body) => forms.show(parse(id, body).id),
    'forms/done': (body) => {
      const input = parse(done, body);
      return forms.done(input.id, input.by ?? null);
    },
    'delisting/list': () => delisting.list(),
    'delisting/csv': async (body) => ({ csv: await delisting.csv(parse(id, body).id) }),
    'delisting/submitted': (body) => delisting.submitted(parse(id, body).id),
    'sites/list': (body) => sites.listSites(parse(siteList, body).status ?? null),
    'sites/contact-show': async (body) => {
      const input = parse(site, body);
      const found = await sites.show(input.site);
      if (!found)
        throw new AppError('NOT_FOUND', `No contact is known for ${input.site.slice(0, 200)} yet.`);
      return found;
    },
    'sites/contact': (body) => {
      const input = parse(contact, body);
      if (!input.email === !input.form)
        throw new AppError('VALIDATION_FAILED', 'Give either --email or --form.');
      return sites.correct(
        input.site,
        input.email ? { kind: 'email', address: input.email } : { kind: 'form', url: input.form! },
        input.by ?? null,
      );
    },
    'sites/accept': (body) => {
      const input = parse(review, body);
      return sites.review(input.site, 'accepted', input);
    },
    'sites/dismiss': (body) => {
      const input = parse(review, body);
      return sites.review(input.site, 'dismissed', input);
    },
  };
}
