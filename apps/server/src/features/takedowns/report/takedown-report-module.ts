// The takedown report: the dashboard's figures, the list of takedowns with each one's details and
// notices, and the CSV and PDF exports.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { PromoRemovalService } from '#server/features/promo-removals/promo-removal-service.ts';
import type { ScanService } from '#server/features/scans/scan-service.ts';
import type { TakedownService } from '#server/features/takedowns/opening/takedown-service.ts';
import { createDarkWebFiguresRepository } from './dark-web-figures-repository.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { takedownRoutes } from '#server/features/takedowns/takedown-routes.ts';
import { createTakedownReportRepository } from './takedown-report-repository.ts';
import { createTakedownReportService, nextScheduledScan } from './takedown-report-service.ts';

export function createTakedownReportModule(
  platform: Platform,
  deps: {
    entitlements: Entitlements;
    takedowns: TakedownService;
    promoRemovals: Pick<PromoRemovalService, 'isFreeRemovalTakedown'>;
    scans: ScanService;
    /** Whether her scans search onion sites (dark web scanning, and Tor on this server). */
    isDarkWebScanning: (userId: string) => Promise<boolean>;
  },
) {
  const { config } = platform;
  const report = createTakedownReportService({
    repo: createTakedownReportRepository(platform.database.db),
    responseWindowHours: config.enforcement.responseHours,
    nextScanAt: nextScheduledScan(deps.scans),
    hasDeepfakeProtection: (userId) => deps.entitlements.hasPerk(userId, 'deepfakeProtection'),
    darkWeb: {
      figures: createDarkWebFiguresRepository(platform.database.db),
      isScanning: deps.isDarkWebScanning,
    },
  });
  return featureModule('takedown-report', report, {
    routes: ({ auth }) => [
      mount(dashboardRoutes({ auth, reports: report })),
      mount(
        takedownRoutes({
          auth,
          entitlements: deps.entitlements,
          reports: report,
          takedowns: deps.takedowns,
          brands: platform.brands,
          logoDirectories: config.webAssetDirs,
          isFreeRemovalTakedown: (userId, takedownId) =>
            deps.promoRemovals.isFreeRemovalTakedown(userId, takedownId),
        }),
      ),
    ],
  });
}
