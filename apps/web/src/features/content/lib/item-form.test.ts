import { SALE_URL_MESSAGE, latestDateOnEarth } from '@shark/contracts/content.ts';
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '#app/lib/api.ts';
import {
  emptyItemForm,
  itemErrorsFromApi,
  itemFormFrom,
  toItemRequest,
  validateItemForm,
  type ItemFormValues,
} from './item-form.ts';

const filled: ItemFormValues = {
  title: 'Red dress',
  type: 'set',
  publishedOn: '2024-03-01',
  saleUrls: ['https://onlyfans.com/me/1', '', 'https://shop.example.com/red'],
  description: '',
  collectionId: '',
};

describe('the item form', () => {
  it('sends the filled sale links, remembers their rows, and sends blanks as null', () => {
    expect(toItemRequest(filled)).toEqual({
      body: {
        title: 'Red dress',
        type: 'set',
        publishedOn: '2024-03-01',
        saleUrls: ['https://onlyfans.com/me/1', 'https://shop.example.com/red'],
        description: '',
        collectionId: null,
      },
      rowOfUrl: [0, 2],
    });
    const parsed = validateItemForm(filled);
    expect(parsed.ok && parsed.body.description).toBeNull();
  });

  it('names each bad field, a bad sale link by its row on screen', () => {
    const result = validateItemForm({
      ...filled,
      title: ' ',
      type: '',
      saleUrls: ['', 'https://ok.example.com', 'ftp://nope.example.com'],
    });
    expect(result).toEqual({
      ok: false,
      fields: {
        title: 'Enter a title.',
        type: 'Choose photo, video or set.',
        'saleUrls.2': SALE_URL_MESSAGE,
      },
    });
  });

  it('refuses a date after today', () => {
    const tomorrow = new Date(Date.parse(`${latestDateOnEarth()}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(validateItemForm({ ...filled, publishedOn: tomorrow })).toMatchObject({
      ok: false,
      fields: { publishedOn: 'The date published cannot be in the future.' },
    });
  });

  it("places the API's field errors on the rows they came from", () => {
    const error = new ApiClientError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: SALE_URL_MESSAGE,
      fields: { 'saleUrls.1': SALE_URL_MESSAGE },
    });
    expect(itemErrorsFromApi(error, [0, 2])).toEqual({
      fields: { 'saleUrls.2': SALE_URL_MESSAGE },
      message: undefined,
    });
    const missing = new ApiClientError({
      status: 404,
      code: 'NOT_FOUND',
      message: 'This collection does not exist.',
    });
    expect(itemErrorsFromApi(missing, [])).toEqual({
      fields: {},
      message: 'This collection does not exist.',
    });
  });

  it('starts empty with one link row, and edits an item as it is', () => {
    expect(emptyItemForm('c1')).toMatchObject({ saleUrls: [''], collectionId: 'c1', type: '' });
    expect(
      itemFormFrom({
        id: 'i',
        collectionId: null,
        title: 'T',
        type: 'photo',
        publishedOn: null,
        saleUrls: [],
        description: null,
        fileCount: 0,
        previewFiles: [],
        createdAt: '',
        updatedAt: '',
      }),
    ).toEqual({
      title: 'T',
      type: 'photo',
      publishedOn: '',
      saleUrls: [''],
      description: '',
      collectionId: '',
    });
  });
});
