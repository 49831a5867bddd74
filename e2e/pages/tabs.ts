import { expect, type Locator } from '@playwright/test';

/**
 * Opens a tab and waits until it is the selected one. On a phone the tab row scrolls the
 * selected tab into view with an animation; on a busy machine a tap made while the row still
 * moves can land beside the tab, so the tab is tapped again until it is selected.
 */
export async function selectTab(tab: Locator): Promise<void> {
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
