// axe on the page as it stands, in light and dark mode: serious and critical violations only.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './pages-support.ts';

export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  // The pointer leaves the button just clicked: its hover colour is a passing state, not the page's.
  await page.mouse.move(0, 0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Colours switch with a short transition: contrast is measured once no transition is running.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect.soft(blocking, `axe on ${where} in ${colorScheme} mode`).toEqual([]);
  }
}
