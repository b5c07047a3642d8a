// Value types shared by the configuration areas: every area reads its variables with these.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository's root, where the shipped configuration files and the web build live. */
export const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Whether a variable is set to something other than blanks; for rules that tie variables together. */
export type IsSet = (name: string) => boolean;

export const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number above 0' })
    .int('must be a whole number above 0')
    .positive('must be a whole number above 0')
    .default(fallback);

export const nonNegativeInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number, 0 or more' })
    .int('must be a whole number, 0 or more')
    .min(0, 'must be a whole number, 0 or more')
    .default(fallback);

export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** An http(s) address, or unset. */
export const optionalHttpUrl = optionalString.pipe(
  z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
);
