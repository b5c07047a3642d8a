// The kinds of scam and the search limit of the Scam Registry, apart from its schemas: route search
// validation in the web app's entry chunk imports these, and risk-registry.ts would bring every
// registry schema with them.

export const RISK_REGISTRY_KINDS = [
  'fake_agency',
  'fake_takedown_service',
  'leak_seller',
  'phishing_account',
  'other',
] as const;

export const RISK_SEARCH_MAX_LENGTH = 200;
