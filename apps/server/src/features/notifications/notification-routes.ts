// /api/notifications/*: her notifications (paged, unread filter), the unread count, marking read, and
// her e-mail choices per category. /api/email-settings/subscription/{token}/*: the same choices through
// the link in her e-mails, without signing in, and the one-click unsubscribe of RFC 8058.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  emailPreferencesSchema,
  markAllReadResultSchema,
  notificationIdSchema,
  notificationPageSchema,
  notificationQuerySchema,
  notificationSchema,
  subscriptionSettingsSchema,
  subscriptionTokenSchema,
  unreadCountSchema,
} from '@shark/contracts/notifications.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { NotificationService } from './notification-service.ts';

type NotificationEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

const tags = ['Notifications'];
const signedIn = { 401: error('Not signed in') };
const withInput = { ...signedIn, 400: error('Invalid input; `fields` names each bad field') };

const list = createRoute({
  method: 'get',
  path: '/notifications',
  tags,
  summary: 'Her notifications, newest first, a page at a time; filter=unread for the unread ones',
  request: { query: notificationQuerySchema },
  responses: {
    200: json(notificationPageSchema, 'A page, with her total and unread counts'),
    ...withInput,
  },
});

const unread = createRoute({
  method: 'get',
  path: '/notifications/unread-count',
  tags,
  summary: 'How many of her notifications are unread',
  responses: { 200: json(unreadCountSchema, 'The unread count'), ...signedIn },
});

const markRead = createRoute({
  method: 'post',
  path: '/notifications/{id}/read',
  tags,
  summary: 'Mark one notification read (it keeps the time it was first read)',
  request: { params: z.object({ id: notificationIdSchema }) },
  responses: {
    200: json(notificationSchema, 'The notification'),
    ...signedIn,
    404: error('No such notification of hers'),
  },
});

const markAllRead = createRoute({
  method: 'post',
  path: '/notifications/read-all',
  tags,
  summary: 'Mark all her notifications read',
  responses: { 200: json(markAllReadResultSchema, 'How many were unread'), ...signedIn },
});

const getPreferences = createRoute({
  method: 'get',
  path: '/notifications/email-preferences',
  tags,
  summary: 'Which categories also come by e-mail (a category she never chose shows its default)',
  responses: { 200: json(emailPreferencesSchema, 'On or off per category'), ...signedIn },
});

const putPreferences = createRoute({
  method: 'put',
  path: '/notifications/email-preferences',
  tags,
  summary: 'Set, for every category, whether it also comes by e-mail',
  request: { body: body(emailPreferencesSchema) },
  responses: { 200: json(emailPreferencesSchema, 'The choices saved'), ...withInput },
});

export function notificationRoutes(deps: { auth: Auth; notifications: NotificationService }) {
  const { notifications } = deps;
  const app = new OpenAPIHono<NotificationEnv>({ defaultHook: throwOnInvalid });
  // Sign-in is checked before any input is read.
  const requireUser = createMiddleware<NotificationEnv>(async (c, next) => {
    c.set('user', await requireSessionUser(deps.auth, c));
    await next();
  });
  for (const path of [
    '/notifications',
    '/notifications/unread-count',
    '/notifications/read-all',
    '/notifications/email-preferences',
    '/notifications/:id/read',
  ])
    app.use(path, requireUser);
  return app
    .openapi(list, async (c) =>
      c.json(await notifications.list(c.get('user').id, c.req.valid('query')), 200),
    )
    .openapi(unread, async (c) => c.json(await notifications.unreadCount(c.get('user').id), 200))
    .openapi(markRead, async (c) =>
      c.json(await notifications.markRead(c.get('user').id, c.req.valid('param').id), 200),
    )
    .openapi(markAllRead, async (c) =>
      c.json(await notifications.markAllRead(c.get('user').id), 200),
    )
    .openapi(getPreferences, async (c) =>
      c.json(await notifications.preferences(c.get('user').id), 200),
    )
    .openapi(putPreferences, async (c) =>
      c.json(await notifications.savePreferences(c.get('user').id, c.req.valid('json')), 200),
    );
}

// --- The e-mail settings link: no sign-in, the token stands for her. ---

const settingsTags = ['E-mail settings'];
const tokenParams = z.object({ token: subscriptionTokenSchema });
const badToken = {
  400: error(
    'The link is not valid (`fields.token`: invalid) or has expired (`fields.token`: expired)',
  ),
};

const showSettings = createRoute({
  method: 'get',
  path: '/email-settings/subscription/{token}',
  tags: settingsTags,
  summary: 'Her e-mail choices, as the link in her e-mails opens them (no sign-in)',
  request: { params: tokenParams },
  responses: {
    200: json(subscriptionSettingsSchema, 'Her choices and the link’s expiry'),
    ...badToken,
  },
});

const saveSettings = createRoute({
  method: 'put',
  path: '/email-settings/subscription/{token}',
  tags: settingsTags,
  summary: 'Change her e-mail choices through the link (no sign-in)',
  request: { params: tokenParams, body: body(emailPreferencesSchema) },
  responses: { 200: json(subscriptionSettingsSchema, 'The choices saved'), ...badToken },
});

const unsubscribeAll = createRoute({
  method: 'post',
  path: '/email-settings/subscription/{token}/unsubscribe-all',
  tags: settingsTags,
  summary: 'Turn every category’s e-mails off through the link (no sign-in)',
  request: { params: tokenParams },
  responses: { 200: json(subscriptionSettingsSchema, 'Every category off'), ...badToken },
});

const oneClick = createRoute({
  method: 'post',
  path: '/email-settings/subscription/{token}/one-click',
  tags: settingsTags,
  summary:
    'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post: List-Unsubscribe=One-Click), posted by mail clients: every category off',
  request: { params: tokenParams },
  responses: {
    200: json(z.object({ isUnsubscribed: z.literal(true) }), 'Unsubscribed from every e-mail'),
    ...badToken,
  },
});

const oneClickOpened = createRoute({
  method: 'get',
  path: '/email-settings/subscription/{token}/one-click',
  tags: settingsTags,
  summary:
    'The one-click address opened in a browser: redirects to the e-mail settings page (nothing changes)',
  request: { params: tokenParams },
  responses: { 302: { description: 'To /email-settings/subscription/{token}' } },
});

export function emailSettingsRoutes(deps: { notifications: NotificationService }) {
  const { notifications } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: throwOnInvalid });
  return app
    .openapi(showSettings, async (c) =>
      c.json(await notifications.settingsByToken(c.req.valid('param').token), 200),
    )
    .openapi(saveSettings, async (c) =>
      c.json(await notifications.saveByToken(c.req.valid('param').token, c.req.valid('json')), 200),
    )
    .openapi(unsubscribeAll, async (c) =>
      c.json(await notifications.unsubscribeAllByToken(c.req.valid('param').token), 200),
    )
    .openapi(oneClick, async (c) => {
      // Mail clients post `List-Unsubscribe=One-Click` (form-encoded); the signed token is what counts.
      await notifications.unsubscribeAllByToken(c.req.valid('param').token);
      return c.json({ isUnsubscribed: true as const }, 200);
    })
    .openapi(oneClickOpened, (c) =>
      c.redirect(
        `/email-settings/subscription/${encodeURIComponent(c.req.valid('param').token)}`,
        302,
      ),
    );
}
