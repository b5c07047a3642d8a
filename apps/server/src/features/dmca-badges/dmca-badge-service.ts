// DMCA badges: each creator gets one unguessable public id; its page says only whether protection is active.
import { randomBytes } from 'node:crypto';
import type { MyBadge, PublicBadge } from '@shark/contracts/dmca-badges.ts';
import { brandAppUrl, type BrandConfig } from '#server/config/brands.ts';
import { AppError } from '#server/http/app-error.ts';
import type { BadgeRepository } from './dmca-badge-repository.ts';

export function createBadgeService(repo: BadgeRepository, publicUrl: string) {
  return {
    async mine(userId: string, brand: BrandConfig): Promise<MyBadge> {
      const publicId =
        (await repo.findPublicIdOf(userId)) ??
        (await repo.insertIfAbsent(userId, randomBytes(18).toString('base64url')));
      return { publicId, verifyUrl: `${brandAppUrl(brand, publicUrl)}/verified/${publicId}` };
    },

    async publicView(publicId: string, brand: BrandConfig): Promise<PublicBadge> {
      const found = await repo.findProtection(publicId);
      if (!found) throw new AppError('NOT_FOUND', 'This badge does not exist.');
      const isProtected = found.status === 'subscribed';
      return {
        brandName: brand.name,
        isProtected,
        protectedSince:
          isProtected && found.subscribedSince ? found.subscribedSince.toISOString() : null,
      };
    },
  };
}

export type BadgeService = ReturnType<typeof createBadgeService>;
