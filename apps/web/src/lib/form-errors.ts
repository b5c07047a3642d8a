// Turns zod issues and API errors into one message per form field.
import * as z from 'zod/mini';
import { isApiClientError } from '#app/lib/api.ts';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each top-level field. */
export function fieldErrorsFromZod(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || errors[field] !== undefined) continue;
    errors[field] = issue.message;
  }
  return errors;
}

/**
 * Splits a failed call into field messages (shown beside the fields the form has) and one
 * form-level message for the rest.
 */
export function formErrorsFromApi(
  error: unknown,
  knownFields: readonly string[],
): { fields: FieldErrors; message: string | undefined } {
  if (!isApiClientError(error)) {
    return { fields: {}, message: 'Something unexpected happened. Try again.' };
  }
  const fields: FieldErrors = {};
  let unplaced = false;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if (knownFields.includes(field)) fields[field] = message;
    else unplaced = true;
  }
  const hasPlacedAll = Object.keys(fields).length > 0 && !unplaced;
  return { fields, message: hasPlacedAll ? undefined : error.message };
}

/** Reads the named text entries of a submitted form. */
export function readForm<const TName extends string>(
  form: HTMLFormElement,
  names: readonly TName[],
): Record<TName, string> {
  const data = new FormData(form);
  const values = {} as Record<TName, string>;
  for (const name of names) {
    const value = data.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** Moves focus to the first field with an error so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement) || element.name === '') continue;
    if (errors[element.name] !== undefined) {
      element.focus();
      return;
    }
  }
}

/**
 * Reads and validates a submitted form: the data when it is valid; otherwise shows each field's
 * message (through `showErrors`), focuses the first bad field, and returns undefined.
 */
export function parseFormOrShowErrors<const TName extends string, TSchema extends z.core.$ZodType>(
  form: HTMLFormElement,
  schema: TSchema,
  names: readonly TName[],
  showErrors: (errors: FieldErrors) => void,
): z.output<TSchema> | undefined {
  const parsed = z.safeParse(schema, readForm(form, names));
  if (parsed.success) {
    showErrors({});
    return parsed.data;
  }
  const errors = fieldErrorsFromZod(parsed.error);
  showErrors(errors);
  focusFirstError(form, errors);
  return undefined;
}
