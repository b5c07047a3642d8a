// What a server feature contributes to the running product (decision 0023): its service for the other
// modules, its API routes, the handlers of its jobs, its periodic work, and the recovery of work a crash
// left behind. Each feature exports one `createXModule(deps)` returning this; app/server.ts lists them.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env, Hono, Schema } from 'hono';
import type { Auth } from '#server/features/auth/auth.ts';
import type { RateLimiter } from '#server/features/auth/rate-limiter.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import type { JobHandler, JobName, JobPayload } from '#server/jobs/define-job.ts';
import type { SharkJobCatalog } from '#server/jobs/job-catalog.ts';
import type { Schedule } from '#server/jobs/schedules.ts';

/** Mounts one group of a module's routes on the API app (under /api), in the order of the module list. */
export type RouteMount = (api: OpenAPIHono<AppEnv>) => void;

/** A group of routes (with whatever request variables its middleware sets), mounted at `path`. */
export function mount<E extends Env, S extends Schema, B extends string>(
  routes: Hono<E, S, B>,
  path = '/',
): RouteMount {
  return (api) => {
    api.route(path, routes);
  };
}

/** What route handlers share: the session, whether cookies are Secure, the request rate limiter. */
export interface HttpContext {
  auth: Auth;
  secureCookies: boolean;
  limiter: RateLimiter;
}

/** The handlers a module gives for its jobs of the catalog. */
export type JobHandlers = {
  [N in JobName<SharkJobCatalog>]?: JobHandler<JobPayload<SharkJobCatalog, N>>;
};

export interface FeatureModule<Service = unknown> {
  /** For logs and errors: "scans", "takedowns". */
  readonly name: string;
  /** What other modules (and the CLI and tests) use of this feature. */
  readonly service: Service;
  /** Built only in processes that serve HTTP. */
  readonly routes?: (http: HttpContext) => readonly RouteMount[];
  /**
   * Routes that read nothing of the request (no body, no brand, no session, no client address):
   * mounted before the API's middleware, so only the security headers run for them. A monitor's
   * probe costs the process as little as an answer can.
   */
  readonly bareRoutes?: () => readonly RouteMount[];
  readonly jobs?: JobHandlers;
  /** Runs once across all worker processes per interval (jobs/schedules.ts). */
  readonly schedules?: readonly Schedule[];
  /** In worker processes, once the queue has started: sends again the jobs a crash left unsent. */
  readonly recover?: () => Promise<void>;
  /** Called on shutdown, in the reverse order of the list, before the queue and the database close. */
  readonly stop?: () => Promise<void>;
}

/** A module built from a service and the parts it contributes. */
export function featureModule<Service>(
  name: string,
  service: Service,
  parts: Omit<FeatureModule<Service>, 'name' | 'service'> = {},
): FeatureModule<Service> {
  return { name, service, ...parts };
}
