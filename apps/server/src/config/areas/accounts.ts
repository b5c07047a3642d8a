// Protected accounts: where each platform's profiles live, and how often one account's ownership may be checked.
import { z } from 'zod';
import {
  DEFAULT_PROFILE_URL_TEMPLATES,
  HANDLE_PLATFORMS,
  profileUrlTemplateProblem,
  type HandlePlatform,
  type ProfileUrlTemplates,
} from '@shark/engine/accounts/account-identity.ts';
import { positiveInt } from './values.ts';

/** PROFILE_URL_TEMPLATES: JSON such as {"onlyfans":"http://127.0.0.1:4300/of/{username}"}. */
const profileUrlTemplates = z
  .string()
  .optional()
  .transform((value, ctx): ProfileUrlTemplates => {
    const templates = { ...DEFAULT_PROFILE_URL_TEMPLATES };
    if (value === undefined || value.trim() === '') return templates;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON object of platform to URL template',
      });
      return templates;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON object of platform to URL template',
      });
      return templates;
    }
    for (const [platform, template] of Object.entries(parsed)) {
      if (!(HANDLE_PLATFORMS as readonly string[]).includes(platform)) {
        ctx.addIssue({
          code: 'custom',
          message: `${platform} is not a platform with usernames (${HANDLE_PLATFORMS.join(', ')})`,
        });
        continue;
      }
      const problem =
        typeof template === 'string' ? profileUrlTemplateProblem(template) : 'must be a string';
      if (problem) ctx.addIssue({ code: 'custom', message: `${platform} ${problem}` });
      else templates[platform as HandlePlatform] = template as string;
    }
    return templates;
  });

export const accountsVariables = z.object({
  PROFILE_URL_TEMPLATES: profileUrlTemplates,
  ACCOUNT_CHECK_INTERVAL_SECONDS: positiveInt(30),
});

export function accountsConfig(env: z.infer<typeof accountsVariables>) {
  return {
    /** Where each platform's profiles live, and how often one account's ownership may be checked. */
    accounts: {
      profileUrlTemplates: env.PROFILE_URL_TEMPLATES,
      checkIntervalSeconds: env.ACCOUNT_CHECK_INTERVAL_SECONDS,
    },
  };
}
