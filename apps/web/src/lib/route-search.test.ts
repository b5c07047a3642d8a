// Search options of every route that has them, read from the URL the way the router
// reads it (its parser turns `true` into a boolean) and checked by the route's own validateSearch.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, type AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '#app/route-tree.gen.ts';

const router = createRouter({
  routeTree,
  history: createMemoryHistory(),
  context: { queryClient: new QueryClient() },
});

type StandardSchema = {
  '~standard': {
    validate: (value: unknown) => { value?: unknown; issues?: readonly { message: string }[] };
  };
};

function routeAt(fullPath: string): AnyRoute {
  const route = (Object.values(router.routesById) as AnyRoute[]).find(
    (candidate) => candidate.fullPath === fullPath,
  );
  if (!route) throw new Error(`no route ${fullPath}`);
  return route;
}

/** The validated search of `fullPath` for a query string, or the validation failure. */
function searchOf(fullPath: string, query: string): { ok: true; value: unknown } | { ok: false } {
  const schema = routeAt(fullPath).options.validateSearch as StandardSchema | undefined;
  if (!schema) throw new Error(`${fullPath} has no validateSearch`);
  const parsed = router.options.parseSearch(query);
  const result = schema['~standard'].validate(parsed);
  if (result instanceof Promise) throw new Error('validateSearch must be synchronous');
  return result.issues ? { ok: false } : { ok: true, value: result.value };
}

const accepts = (fullPath: string, query: string, value: unknown) =>
  expect(searchOf(fullPath, query), `${fullPath}${query}`).toEqual({ ok: true, value });
const rejects = (fullPath: string, query: string) =>
  expect(searchOf(fullPath, query), `${fullPath}${query}`).toEqual({ ok: false });

describe('routes with search options', () => {
  it('are exactly the routes listed below, the OAuth landing page included', () => {
    const withOptions = (Object.values(router.routesById) as AnyRoute[])
      .filter((route) => route.options.validateSearch !== undefined)
      .map((route) => route.fullPath as string)
      .sort();
    expect(withOptions).toEqual([
      '/auth-redirect',
      '/branches',
      '/claim-offer',
      // Its page of posts (features/community).
      '/community',
      // The kind of findings its review list shows (features/dashboard).
      '/dashboard',
      // Its unread filter (features/notifications/lib/notifications-search.ts).
      '/notifications',
      '/plans',
      // The page of her commissions (features/affiliates).
      '/refer/',
      // Its search, kind, page, tab and open entry (features/risk-registry/lib/registry-search.ts).
      '/risk-registry',
      '/sign-in',
      '/sign-up',
      // The audit log's filters (features/staff/lib/audit-search.ts).
      '/staff/audit',
      // The lookup's text (features/staff-creators).
      '/staff/creators/',
      // Its filters and page (features/staff-queue/lib/queue-search.ts).
      '/staff/queue/',
      // Its status and creator filters and page (features/staff-support/lib/staff-support-search.ts).
      '/staff/support/',
      // What a link fills in (features/support/lib/support-search.ts).
      '/support/new',
      // Its filters, sort and page live in the URL (features/takedown-report/lib/report-search.ts).
      '/takedown-report',
    ]);
  });
});

describe('/staff/audit', () => {
  it('takes its filters as text, and drops a blank one rather than failing the page', () => {
    const none = {
      actor: undefined,
      action: undefined,
      targetType: undefined,
      targetId: undefined,
      subjectUserId: undefined,
    };
    accepts('/staff/audit', '', none);
    accepts('/staff/audit', '?actor=sam%40example.com&action=staff.grant', {
      ...none,
      actor: 'sam@example.com',
      action: 'staff.grant',
    });
    accepts('/staff/audit', '?targetId=', none);
  });
});

describe('/sign-in', () => {
  it('takes no options, or isAffiliateOnly as a boolean and customRedirect as a path', () => {
    accepts('/sign-in', '', {});
    accepts('/sign-in', '?isAffiliateOnly=true', { isAffiliateOnly: true });
    accepts('/sign-in', '?isAffiliateOnly=false', { isAffiliateOnly: false });
    accepts('/sign-in', '?customRedirect=%2Fdashboard', { customRedirect: '/dashboard' });
  });

  it('refuses a non-boolean isAffiliateOnly and a redirect off the site', () => {
    rejects('/sign-in', '?isAffiliateOnly=yes');
    rejects('/sign-in', '?isAffiliateOnly=1');
    rejects('/sign-in', '?customRedirect=https%3A%2F%2Fevil.example');
    rejects('/sign-in', '?customRedirect=%2F%2Fevil.example');
    rejects('/sign-in', '?customRedirect=%2F%5Cevil.example');
    rejects('/sign-in', '?customRedirect=%2F%09%2Fevil.example');
    rejects('/sign-in', '?customRedirect=%2F%0A%2Fevil.example');
    rejects('/sign-in', '?customRedirect=https%3A%2F%2Fevil.example%2F');
  });
});

describe('/sign-up', () => {
  it('takes rFromSearch, isAffiliateOnly, customRedirect and customOfferId, all optional', () => {
    accepts('/sign-up', '', {});
    accepts(
      '/sign-up',
      '?rFromSearch=google&isAffiliateOnly=true&customRedirect=%2Fplans&customOfferId=spring-offer',
      {
        rFromSearch: 'google',
        isAffiliateOnly: true,
        customRedirect: '/plans',
        customOfferId: 'spring-offer',
      },
    );
    accepts('/sign-up', '?customOfferId=spring-offer', { customOfferId: 'spring-offer' });
  });

  it('refuses a non-boolean isAffiliateOnly and non-string ids', () => {
    rejects('/sign-up', '?isAffiliateOnly=maybe');
    rejects('/sign-up', '?customOfferId=%7B%22a%22%3A1%7D');
    rejects('/sign-up', '?rFromSearch=true');
  });
});

describe('/claim-offer', () => {
  it('takes an optional customOfferId string', () => {
    accepts('/claim-offer', '', {});
    accepts('/claim-offer', '?customOfferId=spring-offer', { customOfferId: 'spring-offer' });
    // How the router writes an id that looks like a number: quoted, so it stays a string.
    accepts('/claim-offer', '?customOfferId=%22123%22', { customOfferId: '123' });
  });

  it('refuses a customOfferId that is not a string', () => {
    rejects('/claim-offer', '?customOfferId=true');
    rejects('/claim-offer', '?customOfferId=%5B1%2C2%5D');
  });
});

describe('/plans', () => {
  it('takes an optional reason, authorization_required', () => {
    accepts('/plans', '', {});
    accepts('/plans', '?reason=authorization_required', { reason: 'authorization_required' });
  });

  it('refuses any other reason', () => {
    rejects('/plans', '?reason=payment_failed');
    rejects('/plans', '?reason=true');
  });

  it('takes the Checkout return, success or cancelled, and nothing else', () => {
    accepts('/plans', '?checkout=success', { checkout: 'success' });
    accepts('/plans', '?checkout=cancelled', { checkout: 'cancelled' });
    rejects('/plans', '?checkout=paid');
  });
});

describe('/branches', () => {
  it('takes an optional collection (an id or none), type and search text', () => {
    accepts('/branches', '', {});
    accepts('/branches', '?collection=none&type=video&q=beach', {
      collection: 'none',
      type: 'video',
      q: 'beach',
    });
    accepts('/branches', '?collection=3f2a9c1e-5b7d-4e8a-9c0b-1d2e3f4a5b6c', {
      collection: '3f2a9c1e-5b7d-4e8a-9c0b-1d2e3f4a5b6c',
    });
    // Typed by hand, a number-like search arrives as a number; it is still the text searched.
    accepts('/branches', '?q=2024', { q: '2024' });
    accepts('/branches', '?q=%222024%22', { q: '2024' });
  });

  it('refuses an unknown type, a search that is not text, and an overlong search', () => {
    rejects('/branches', '?type=gif');
    rejects('/branches', '?q=true');
    rejects('/branches', '?q=%7B%22a%22%3A1%7D');
    rejects('/branches', `?q=${'x'.repeat(201)}`);
    rejects('/branches', '?collection=');
  });
});

describe('/auth-redirect', () => {
  it('takes an optional same-site customRedirect and an OAuth error code', () => {
    accepts('/auth-redirect', '?customRedirect=%2Fonboarding', { customRedirect: '/onboarding' });
    accepts('/auth-redirect', '?error=access_denied', { error: 'access_denied' });
    rejects('/auth-redirect', '?customRedirect=https%3A%2F%2Fevil.example');
  });
});
