// /api/content/*: Your Content (collections, items, linked reference files). Signed-in creators with
// the 'setup' entitlement only; sign-in and entitlement are checked before any input is read.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  collectionListSchema,
  contentCollectionSchema,
  contentFileListSchema,
  contentItemDetailSchema,
  createCollectionSchema,
  createItemSchema,
  deleteCollectionQuerySchema,
  deletedCollectionSchema,
  fileListQuerySchema,
  itemListQuerySchema,
  itemListSchema,
  linkFilesSchema,
  updateCollectionSchema,
  updateItemSchema,
} from '@shark/contracts/content.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { ContentService } from './content-service.ts';

type ContentEnv = { Variables: AppEnv['Variables'] & { userId: string } };

const guarded = {
  401: error('Not signed in'),
  403: error('No active subscription (or Free Removals) for the protection set-up'),
};
const withInput = { ...guarded, 400: error('Invalid input; `fields` names each bad field') };
const withId = { ...guarded, 404: error('No such collection, item or file of this creator') };

const idParams = z.object({ id: z.string() });
const tags = ['Your Content'];

const listCollections = createRoute({
  method: 'get',
  path: '/content/collections',
  tags,
  summary: 'The creator’s collections with their item counts',
  responses: { 200: json(collectionListSchema, 'Collections'), ...guarded },
});

const createCollection = createRoute({
  method: 'post',
  path: '/content/collections',
  tags,
  summary: 'Create a collection',
  request: { body: body(createCollectionSchema) },
  responses: {
    201: json(contentCollectionSchema, 'The new collection'),
    ...withInput,
    409: error('A collection with this name exists'),
  },
});

const updateCollection = createRoute({
  method: 'patch',
  path: '/content/collections/{id}',
  tags,
  summary: 'Rename a collection or change its description',
  request: { params: idParams, body: body(updateCollectionSchema) },
  responses: {
    200: json(contentCollectionSchema, 'The collection'),
    ...withInput,
    ...withId,
    409: error('A collection with this name exists'),
  },
});

const deleteCollection = createRoute({
  method: 'delete',
  path: '/content/collections/{id}',
  tags,
  summary:
    'Delete a collection: items=keep leaves its items uncollected, items=delete deletes them too',
  request: { params: idParams, query: deleteCollectionQuerySchema },
  responses: {
    200: json(deletedCollectionSchema, 'What happened to the items'),
    ...withInput,
    ...withId,
  },
});

const listItems = createRoute({
  method: 'get',
  path: '/content/items',
  tags,
  summary:
    'Items, newest first: filter by collection (an id, or none), type and text; paged by cursor',
  request: { query: itemListQuerySchema },
  responses: { 200: json(itemListSchema, 'A page of items'), ...withInput, ...withId },
});

const createItem = createRoute({
  method: 'post',
  path: '/content/items',
  tags,
  summary: 'Create an item',
  request: { body: body(createItemSchema) },
  responses: { 201: json(contentItemDetailSchema, 'The new item'), ...withInput, ...withId },
});

const getItem = createRoute({
  method: 'get',
  path: '/content/items/{id}',
  tags,
  summary: 'An item with its linked reference files',
  request: { params: idParams },
  responses: { 200: json(contentItemDetailSchema, 'The item'), ...withId },
});

const updateItem = createRoute({
  method: 'patch',
  path: '/content/items/{id}',
  tags,
  summary: 'Change an item',
  request: { params: idParams, body: body(updateItemSchema) },
  responses: { 200: json(contentItemDetailSchema, 'The item'), ...withInput, ...withId },
});

const deleteItem = createRoute({
  method: 'delete',
  path: '/content/items/{id}',
  tags,
  summary: 'Delete an item (its reference files stay)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...withId },
});

const linkFiles = createRoute({
  method: 'post',
  path: '/content/items/{id}/files',
  tags,
  summary: 'Link the creator’s reference files to an item (all or none)',
  request: { params: idParams, body: body(linkFilesSchema) },
  responses: { 200: json(contentItemDetailSchema, 'The item'), ...withInput, ...withId },
});

const unlinkFile = createRoute({
  method: 'delete',
  path: '/content/items/{id}/files/{fileId}',
  tags,
  summary: 'Unlink a reference file from an item (the file stays)',
  request: { params: z.object({ id: z.string(), fileId: z.string() }) },
  responses: { 200: json(contentItemDetailSchema, 'The item'), ...withId },
});

const listFiles = createRoute({
  method: 'get',
  path: '/content/files',
  tags,
  summary: 'The creator’s reference files to choose from, newest first',
  request: { query: fileListQuerySchema },
  responses: { 200: json(contentFileListSchema, 'A page of files'), ...withInput },
});

export function contentRoutes(deps: {
  auth: Auth;
  entitlements: Entitlements;
  content: ContentService;
}) {
  const { content } = deps;
  const app = new OpenAPIHono<ContentEnv>({ defaultHook: throwOnInvalid });
  app.use(
    '/content/*',
    createMiddleware<ContentEnv>(async (c, next) => {
      const user = await requireSessionUser(deps.auth, c);
      await deps.entitlements.require(user.id, 'setup');
      c.set('userId', user.id);
      await next();
    }),
  );
  return app
    .openapi(listCollections, async (c) =>
      c.json(await content.listCollections(c.get('userId')), 200),
    )
    .openapi(createCollection, async (c) =>
      c.json(await content.createCollection(c.get('userId'), c.req.valid('json')), 201),
    )
    .openapi(updateCollection, async (c) =>
      c.json(
        await content.updateCollection(
          c.get('userId'),
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        200,
      ),
    )
    .openapi(deleteCollection, async (c) =>
      c.json(
        await content.deleteCollection(
          c.get('userId'),
          c.req.valid('param').id,
          c.req.valid('query').items,
        ),
        200,
      ),
    )
    .openapi(listItems, async (c) =>
      c.json(await content.listItems(c.get('userId'), c.req.valid('query')), 200),
    )
    .openapi(createItem, async (c) =>
      c.json(await content.createItem(c.get('userId'), c.req.valid('json')), 201),
    )
    .openapi(getItem, async (c) =>
      c.json(await content.getItem(c.get('userId'), c.req.valid('param').id), 200),
    )
    .openapi(updateItem, async (c) =>
      c.json(
        await content.updateItem(c.get('userId'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(deleteItem, async (c) => {
      await content.deleteItem(c.get('userId'), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(linkFiles, async (c) =>
      c.json(
        await content.linkFiles(
          c.get('userId'),
          c.req.valid('param').id,
          c.req.valid('json').fileIds,
        ),
        200,
      ),
    )
    .openapi(unlinkFile, async (c) => {
      const { id, fileId } = c.req.valid('param');
      return c.json(await content.unlinkFile(c.get('userId'), id, fileId), 200);
    })
    .openapi(listFiles, async (c) =>
      c.json(await content.listFiles(c.get('userId'), c.req.valid('query')), 200),
    );
}
