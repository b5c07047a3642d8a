// The brand a request is for (white-label): its public settings.
import { featureModule, mount } from '#server/app/feature-module.ts';
import { brandRoutes } from './brand-routes.ts';

export function createBrandModule(deps: { googleSignIn: boolean }) {
  return featureModule('brand', null, {
    routes: () => [mount(brandRoutes({ googleSignIn: deps.googleSignIn }))],
  });
}
