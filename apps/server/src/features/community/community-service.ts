// The rules of Community: operators publish and archive posts; every signed-in user (affiliate-only
// users too) reads the visible ones with the brand's channels.
import { randomUUID } from 'node:crypto';
import {
  COMMUNITY_PAGE_SIZE,
  publishCommunityPostSchema,
  type CommunityChannel,
  type CommunityPage,
  type CommunityPost,
  type OperatorCommunityPost,
} from '@shark/contracts/community.ts';
import type { BrandConfig } from '#server/config/brands.ts';
import { AppError } from '#server/http/app-error.ts';
import { validationError } from '#server/http/validation.ts';
import type { CommunityPostRow, CommunityRepository } from './community-repository.ts';

function toApi(row: CommunityPostRow): CommunityPost {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    url: row.url,
    isPinned: row.pinned,
    publishedAt: row.publishedAt.toISOString(),
  };
}

function toOperator(row: CommunityPostRow): OperatorCommunityPost {
  return {
    ...toApi(row),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdBy: row.createdBy,
  };
}

export function channelsOf(brand: BrandConfig | undefined): CommunityChannel[] {
  return (brand?.community ?? []).map((link) => ({
    label: link.label,
    url: link.url,
    description: link.description ?? null,
  }));
}

export function createCommunityService(deps: { repo: CommunityRepository; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async page(page: number, brand: BrandConfig | undefined): Promise<CommunityPage> {
      const { rows, total } = await repo.listVisible(
        (page - 1) * COMMUNITY_PAGE_SIZE,
        COMMUNITY_PAGE_SIZE,
      );
      return {
        posts: rows.map(toApi),
        total,
        page,
        pageSize: COMMUNITY_PAGE_SIZE,
        channels: channelsOf(brand),
      };
    },

    /** `shark community publish`: the body is checked by the contract (the CLI's flags were checked before). */
    async publish(body: unknown): Promise<OperatorCommunityPost> {
      const parsed = publishCommunityPostSchema.safeParse(body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const input = parsed.data;
      const at = now();
      const row = await repo.insert({
        id: randomUUID(),
        kind: input.kind,
        title: input.title,
        body: input.body,
        url: input.url,
        pinned: input.isPinned,
        publishedAt: at,
        createdBy: input.createdBy || null,
        createdAt: at,
      });
      return toOperator(row);
    },

    async list(): Promise<OperatorCommunityPost[]> {
      return (await repo.listAll()).map(toOperator);
    },

    async archive(id: string): Promise<OperatorCommunityPost> {
      const archived = await repo.archive(id, now());
      if (archived) return toOperator(archived);
      const existing = await repo.findById(id);
      if (!existing) throw new AppError('NOT_FOUND', `No community post with id ${id}.`);
      throw new AppError(
        'CONFLICT',
        `The post ${id} was already archived on ${existing.archivedAt?.toISOString() ?? 'an earlier day'}.`,
      );
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
