// A brand as the creators' agent in notices: who signs, where recipients answer, the brand's wording.
import type { NoticeBrand } from '@shark/engine/notices/notice-types.ts';
import { brandAppUrl, type BrandConfig } from '#server/config/brands.ts';
import { AppError } from '#server/http/app-error.ts';

export type AgentBrand = BrandConfig & { agent: NonNullable<BrandConfig['agent']> };

export function hasAgent(brand: BrandConfig): brand is AgentBrand {
  return brand.agent !== undefined;
}

/** The brand's agent, or a clear refusal: a brand without one takes no authorisation and sends no notice. */
export function requireAgent(brand: BrandConfig): AgentBrand {
  if (!hasAgent(brand)) {
    throw new AppError(
      'CONFLICT',
      `${brand.name} has no copyright agent configured yet, so it cannot send notices for you. Please contact support.`,
    );
  }
  return brand;
}

export function noticeBrandOf(brand: AgentBrand, publicUrl: string): NoticeBrand {
  const websiteUrl = brandAppUrl(brand, publicUrl);
  const logo = /^https?:\/\//.test(brand.logoUrl)
    ? brand.logoUrl
    : `${websiteUrl}${brand.logoUrl.startsWith('/') ? '' : '/'}${brand.logoUrl}`;
  return {
    id: brand.id,
    productName: brand.name,
    agentName: brand.agent.name,
    agentEmail: brand.agent.email,
    agentPostalAddress: brand.agent.postalAddress,
    websiteUrl,
    logoUrl: logo,
    ...(brand.agent.phone ? { agentPhone: brand.agent.phone } : {}),
    ...(brand.agent.country ? { agentCountry: brand.agent.country } : {}),
    ...(brand.agent.templates ? { templates: brand.agent.templates } : {}),
  };
}

/** The domain of the agent's address: notices' Message-IDs are minted under it. */
export function messageIdDomain(brand: AgentBrand): string {
  return brand.agent.email.split('@').pop()!.toLowerCase();
}
