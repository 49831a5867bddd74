import type { Page } from '@playwright/test';

/** The phone every phone test uses (an iPhone 12–15 screen). */
export const PHONE = { width: 390, height: 844 };

/** How far the page scrolls sideways (0 when it fits the screen). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
