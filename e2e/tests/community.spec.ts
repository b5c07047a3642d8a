// Community in a real browser: posts an operator publishes with `shark community publish` (through the
// running server's admin socket) are read by a creator, pinned first; an archived post disappears; the
// brand's community channels are listed; an affiliate-only account still reads it. axe in light and dark mode.
import { expectNoAxeViolations } from './axe-support.ts';
import type { OperatorCommunityPost } from '@shark/contracts/community.ts';
import { expect, grant, test } from './pages-support.ts';
import { sharkJson } from './takedown-support.ts';

test('a creator reads what the operators published and finds the community channels', async ({
  page,
  signedInCreator,
}) => {
  const tag = Date.now().toString(36);
  const announcement = await sharkJson<OperatorCommunityPost>(
    'community',
    'publish',
    '--kind',
    'announcement',
    '--title',
    `Scan schedule changes ${tag}`,
    '--body',
    'Scans now run every night.\nNothing to do on your side.',
  );
  await sharkJson<OperatorCommunityPost>(
    'community',
    'publish',
    '--kind',
    'resource',
    '--title',
    `Start here ${tag}`,
    '--body',
    'How to read your first takedown report.',
    '--url',
    'https://help.shark.example/first-report',
    '--pinned',
  );
  const withdrawn = await sharkJson<OperatorCommunityPost>(
    'community',
    'publish',
    '--kind',
    'announcement',
    '--title',
    `Withdrawn ${tag}`,
    '--body',
    'Published by mistake.',
  );
  await sharkJson('community', 'archive', withdrawn.id);

  await page.goto('/community');
  await expect(page).toHaveTitle('Shark | Community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  const posts = page.getByRole('list', { name: 'Posts' }).getByRole('listitem');
  await expect(posts.first()).toContainText(`Start here ${tag}`);
  await expect(posts.first()).toContainText('Pinned');
  await expect(posts.first()).toContainText('Resource');
  const resourceLink = posts.first().getByRole('link', { name: /Open the resource/ });
  await expect(resourceLink).toHaveAttribute('href', 'https://help.shark.example/first-report');
  await expect(resourceLink).toHaveAttribute('rel', 'noopener noreferrer');

  const news = posts.filter({ hasText: announcement.title });
  await expect(news).toContainText('Announcement');
  await expect(news).toContainText('Nothing to do on your side.');
  await expect(page.getByText(`Withdrawn ${tag}`)).toHaveCount(0);

  const channels = page.getByRole('region', { name: 'Meet other creators' });
  await expect(channels.getByRole('link', { name: /Creators' forum/ })).toHaveAttribute(
    'href',
    'https://community.shark.example/',
  );
  await expect(channels.getByRole('link', { name: /Discord server/ })).toBeVisible();

  await expectNoAxeViolations(page, 'the community page');

  // Affiliate-only accounts keep Community, not the Scam Registry.
  await grant(signedInCreator.email, { affiliateOnly: true });
  await page.goto('/community');
  await expect(posts.first()).toContainText(`Start here ${tag}`);
  await page.goto('/risk-registry');
  await expect(page).toHaveURL(/\/refer\/?$/);
});
