// Agent authorisation: the creator's signed authority for Shark to send notices in her name.
import { featureModule, mount } from '#server/app/feature-module.ts';
import { authorizationRoutes } from './agent-authorization-routes.ts';
import type { AuthorizationService } from './agent-authorization-service.ts';

export function createAgentAuthorizationModule(deps: { authorizations: AuthorizationService }) {
  const { authorizations } = deps;
  return featureModule('agent-authorization', authorizations, {
    routes: ({ auth }) => [mount(authorizationRoutes({ auth, authorizations }))],
  });
}
