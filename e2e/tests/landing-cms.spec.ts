import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN } from '../fixtures/users';
import { LandingPageManagerPage } from '../pages/LandingPageManagerPage';
import { LoginPage } from '../pages/LoginPage';

test.describe('landing page CMS', () => {
  test('a superadmin edits a page, activates it, and visitors and crawlers see it', async ({ page, browser, request }) => {
    const stamp = Date.now().toString(36);
    const heroTitle = `Run HR without spreadsheets ${stamp}`;
    const seoTitle = `Acme HR suite ${stamp} - "fast" & simple`;
    const seoDescription = `HR for teams of every size (${stamp}).`;

    await new LoginPage(page).goto();
    await new LoginPage(page).signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
    const manager = new LandingPageManagerPage(page);
    await manager.goto();
    await expect(page.getByRole('row').filter({ has: page.getByText('Active', { exact: true }) })).toHaveCount(1);

    await manager.createPage();
    await manager.editField('Hero title', heroTitle);
    await manager.editField('SEO title', seoTitle);
    await manager.editField('SEO description', seoDescription);
    await manager.editField('Clients', '750');

    // features: add one, then delete it after confirming
    const featureForm = page.getByRole('form', { name: 'Add Feature' });
    await manager.field('Title', featureForm).fill('Face Check-in');
    await featureForm.getByRole('button', { name: 'Add Feature' }).click();
    await manager.expectToast('Feature created successfully');
    await expect(manager.featureRows()).toHaveCount(1);
    await manager.editField('Description', 'Check in with a glance.', 'Feature updated successfully', manager.featureRows().first());
    await manager.featureRows().first().getByRole('button', { name: 'Delete Face Check-in' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await manager.expectToast('Feature deleted successfully');
    await expect(manager.featureRows()).toHaveCount(0);
    await manager.field('Title', featureForm).fill('Face Check-in');
    await featureForm.getByRole('button', { name: 'Add Feature' }).click();
    await manager.expectToast('Feature created successfully');

    await manager.activate();
    await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();

    // back in the list: exactly one page is active, and it is the new one
    await page.getByRole('button', { name: 'All pages' }).click();
    await expect(page.getByRole('row').filter({ has: page.getByText('Active', { exact: true }) })).toHaveCount(1);
    await expect(
      page.getByRole('row').filter({ hasText: heroTitle }).getByText('Active', { exact: true }),
    ).toBeVisible();

    // a visitor (no session) sees the new content
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/');
    await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(heroTitle);
    await expect(visitorPage.getByText('750+')).toBeVisible();
    await expect(visitorPage.getByRole('heading', { name: 'Face Check-in' })).toBeVisible();
    await expect(visitorPage).toHaveTitle(seoTitle);
    await visitor.close();

    // the HTML the server sends (what a crawler without JavaScript reads) carries the new head
    const html = await (await request.get('/')).text();
    const escapedTitle = seoTitle.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    expect(html).toContain(`<title>${escapedTitle}</title>`);
    expect(html).toContain(`<meta name="description" content="${seoDescription}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(JSON.parse(ld![1])).toMatchObject({ offers: { price: '29', priceCurrency: 'USD' } });
  });

  test('a failing content API shows the error state', async ({ page }) => {
    await page.route('**/api/cms/landing-page', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Internal server error' } }),
    );
    await page.goto('/');

    await expect(page.getByRole('heading', { name: 'Unable to load content' })).toBeVisible();
    await expect(page.getByText('Please try again later.')).toBeVisible();
  });

  test('renders every section of the content', async ({ page }) => {
    await page.route('**/api/cms/landing-page', (route) =>
      route.fulfill({
        json: {
          success: true,
          data: {
            hero_title: 'All sections',
            hero_secondary_cta_text: 'Watch the demo',
            hero_secondary_cta_url: 'https://video.example.com/demo',
            hero_image_url: '/landing-assets/missing.png',
            stats_clients_count: 900,
            footer_company_name: 'Acme HR',
            footer_contact_phone: '+1 555 0100',
            footer_address: '1 Main Street',
            footer_social_links: { linkedin: 'https://www.linkedin.com/company/acme', facebook: 'https://facebook.com/acme' },
            cta_button_url: null,
            features: [
              { id: 2, title: 'Second', icon_name: 'clock', order_index: 2 },
              { id: 1, title: 'First', icon_name: 'unknown-icon', order_index: 1 },
            ],
            testimonials: [
              { id: 1, rating: 4, testimonial_text: 'Good', client_name: 'zoe', client_company: 'Zed Ltd' },
              { id: 2, rating: 5, testimonial_text: 'Great', client_name: 'Max', client_avatar_url: '/landing-assets/max.png' },
            ],
          },
        },
      }),
    );
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All sections');
    const secondary = page.getByRole('link', { name: /Watch the demo/ });
    await expect(secondary).toHaveAttribute('href', 'https://video.example.com/demo');
    await expect(secondary).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('img', { name: 'Acme HR product preview' })).toHaveCount(1);
    await expect(page.getByText('900+')).toBeVisible();
    await expect(page.locator('#features h3')).toHaveText(['First', 'Second']);
    await expect(page.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(page.locator('.testimonial').first().locator('.avatar')).toHaveText('Z');
    await expect(page.getByRole('img', { name: 'Max' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Start Free Trial' }).last()).toHaveAttribute('href', '/free-trial');

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('+1 555 0100');
    await expect(footer).toContainText('1 Main Street');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Acme HR`);
    const social = footer.getByRole('navigation', { name: 'Social links' }).getByRole('link');
    await expect(social).toHaveCount(2);
    await expect(social.first()).toHaveAttribute('target', '_blank');
    const quick = footer.getByRole('navigation', { name: 'Quick links' });
    for (const href of ['/#features', '/#pricing', '/#testimonials', '/#contact', '/login', '/register']) {
      await expect(quick.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });

  test('the page has landmarks, one h1, and alt text on every image', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Quick links' })).toBeVisible();
    expect(await page.locator('img:not([alt])').count()).toBe(0);
  });

  test('the Landing Page Manager is for the superadmin only', async ({ page }) => {
    await new LoginPage(page).goto();
    await new LoginPage(page).signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
    await page.goto('/admin/landing-page');
    // not sent away in silence: the page says why
    await expect(page.getByTestId('access-denied')).toContainText('Landing Page Manager is for the platform administrator only');
  });
});
