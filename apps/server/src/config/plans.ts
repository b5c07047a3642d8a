// The plan catalog (config/plans.json, or PLANS_FILE): read and checked once at start-up.
import { readFileSync } from 'node:fs';
import { planCatalogSchema, type PlanCatalog } from '@shark/contracts/plans.ts';

export function loadPlanCatalog(file: string): PlanCatalog {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`PLANS_FILE ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const parsed = planCatalogSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`PLANS_FILE ${file} is not a valid plan catalog:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
