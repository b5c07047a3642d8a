// The item form's values, their check against the API's own contract, and the API's field errors
// placed back on the form's rows (sale links are numbered by row, empty rows are not sent).
import {
  createItemSchema,
  type ContentItem,
  type ContentType,
  type CreateItem,
} from '@shark/contracts/content.ts';
import type { z } from 'zod';
import { isApiClientError } from '#app/lib/api.ts';
import type { FieldErrors } from '#app/lib/form-errors.ts';

export type ItemFormValues = {
  title: string;
  type: ContentType | '';
  /** YYYY-MM-DD, or '' for unknown. */
  publishedOn: string;
  /** One entry per row on screen, empty rows included. */
  saleUrls: string[];
  description: string;
  /** '' for no collection. */
  collectionId: string;
};

export const ITEM_FORM_FIELDS = [
  'title',
  'type',
  'publishedOn',
  'saleUrls',
  'description',
  'collectionId',
];

export function emptyItemForm(collectionId = ''): ItemFormValues {
  return { title: '', type: '', publishedOn: '', saleUrls: [''], description: '', collectionId };
}

export function itemFormFrom(item: ContentItem): ItemFormValues {
  return {
    title: item.title,
    type: item.type,
    publishedOn: item.publishedOn ?? '',
    saleUrls: item.saleUrls.length > 0 ? [...item.saleUrls] : [''],
    description: item.description ?? '',
    collectionId: item.collectionId ?? '',
  };
}

/** The request body, and for each sale link sent, the row it came from. */
export function toItemRequest(values: ItemFormValues): { body: CreateItem; rowOfUrl: number[] } {
  const rowOfUrl: number[] = [];
  const saleUrls: string[] = [];
  values.saleUrls.forEach((url, row) => {
    if (url.trim() === '') return;
    rowOfUrl.push(row);
    saleUrls.push(url);
  });
  return {
    body: {
      title: values.title,
      // An unchosen type is sent as '' so the contract names the field.
      type: values.type as ContentType,
      publishedOn: values.publishedOn === '' ? null : values.publishedOn,
      saleUrls,
      description: values.description,
      collectionId: values.collectionId === '' ? null : values.collectionId,
    },
    rowOfUrl,
  };
}

/** `saleUrls.3` (index in the request) → `saleUrls.<row on screen>`; other keys unchanged. */
function toFormField(key: string, rowOfUrl: number[]): string {
  const match = /^saleUrls\.(\d+)$/.exec(key);
  if (!match) return key;
  const row = rowOfUrl[Number(match[1])];
  return row === undefined ? 'saleUrls' : `saleUrls.${row}`;
}

function placeFields(entries: [string, string][], rowOfUrl: number[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const [key, message] of entries) {
    const field = toFormField(key, rowOfUrl);
    fields[field] ??= message;
  }
  return fields;
}

export function isFormField(key: string): boolean {
  return ITEM_FORM_FIELDS.includes(key) || /^saleUrls\.\d+$/.test(key);
}

/** Checks the form with the API's contract: the parsed body, or the errors by form field. */
export function validateItemForm(
  values: ItemFormValues,
):
  | { ok: true; body: z.output<typeof createItemSchema>; rowOfUrl: number[] }
  | { ok: false; fields: FieldErrors } {
  const { body, rowOfUrl } = toItemRequest(values);
  const parsed = createItemSchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data, rowOfUrl };
  return {
    ok: false,
    fields: placeFields(
      parsed.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]),
      rowOfUrl,
    ),
  };
}

/** The API's answer as messages beside the fields, and one message for anything else. */
export function itemErrorsFromApi(
  error: unknown,
  rowOfUrl: number[],
): { fields: FieldErrors; message: string | undefined } {
  if (!isApiClientError(error)) {
    return { fields: {}, message: 'Something unexpected happened. Try again.' };
  }
  const fields = placeFields(Object.entries(error.fields ?? {}), rowOfUrl);
  const placed = Object.keys(fields).filter(isFormField);
  const isAllPlaced = placed.length > 0 && placed.length === Object.keys(fields).length;
  return {
    fields: Object.fromEntries(Object.entries(fields).filter(([key]) => isFormField(key))),
    message: isAllPlaced ? undefined : error.message,
  };
}
