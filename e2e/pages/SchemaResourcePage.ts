import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { sidewaysOverflow } from './phone';

export type FieldValue = string | number | boolean | { pick: string };

/**
 * A screen of the console's schema layer (admin/src/schema/SchemaResource.tsx): the list of one
 * collection, its add/edit dialog and the delete confirmation. `resource` is the collection's API
 * path without /api/ (`hr/shifts`).
 */
export class SchemaResourcePage {
  readonly root: Locator;
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly resource: string,
  ) {
    this.root = page.getByTestId(`resource-${resource}`);
    this.dialog = page.getByRole('dialog');
  }

  row(text: string): Locator {
    return this.root.locator('tbody tr, li, a[href], [role="button"]').filter({ hasText: text }).first();
  }

  async openAdd(addLabel: string) {
    await this.root.getByRole('button', { name: addLabel, exact: true }).first().click();
    await expect(this.dialog).toBeVisible();
  }

  /** A text, number, date or time input of the dialog by its label (a required one's asterisk is not part of its name). */
  field(label: string): Locator {
    const named = { name: label, exact: true };
    return this.dialog.getByRole('textbox', named).or(this.dialog.getByRole('spinbutton', named)).first();
  }

  /** Fills the dialog's fields by label: texts, numbers, switches, selects (`{ pick }` of a select or a searched picker). */
  async fill(values: Record<string, FieldValue>) {
    for (const [label, value] of Object.entries(values)) {
      if (typeof value === 'boolean') {
        const box = this.dialog.getByRole('checkbox', { name: label, exact: true }).or(this.dialog.getByRole('switch', { name: label, exact: true }));
        if ((await box.isChecked()) !== value) await box.click();
      } else if (typeof value === 'object') {
        // a select that holds a value is named by its label and that value ("Payment Frequency Monthly")
        const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const combo = this.dialog.getByRole('combobox', { name: new RegExp(`^${escaped}( .*)?$`) }).first();
        // (asked before the click: an open select's name changes while its list is up)
        const searched = (await combo.getAttribute('aria-autocomplete')) === 'list';
        await combo.click();
        if (searched) await combo.fill(value.pick);
        // the option named exactly so where there is one ("Weekly", not "Biweekly"), else the first containing it
        const options = this.page.getByRole('option', { name: value.pick });
        await expect(options.first()).toBeVisible();
        const exact = this.page.getByRole('option', { name: value.pick, exact: true });
        await ((await exact.count()) ? exact : options).first().click();
      } else {
        await this.field(label).fill(String(value));
      }
    }
  }

  /** Counts the writes (POST, PUT, DELETE) the page sends to this collection from now on. */
  countWrites(): () => number {
    let count = 0;
    this.page.on('request', (request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith(`/api/${this.resource}`)) count += 1;
    });
    return () => count;
  }

  async save() {
    await this.dialog.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** The error shown under a field. */
  fieldError(message: string): Locator {
    return this.dialog.getByText(message, { exact: true });
  }

  async expectSaved(toast: string) {
    await expect(this.page.getByText(toast, { exact: true }).first()).toBeVisible();
    await expect(this.dialog).toHaveCount(0);
  }

  /** Opens a row's edit dialog: the row's Edit button on a desktop, the row itself (details, then Edit) on a phone. */
  async openEdit(rowText: string) {
    const edit = this.root.getByRole('button', { name: `Edit ${rowText}` });
    if (await edit.count()) await edit.first().click();
    else {
      await this.row(rowText).click();
      const details = this.dialog.getByRole('button', { name: 'Edit', exact: true });
      if (await details.count()) await details.click();
    }
    await expect(this.dialog.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  }

  async delete(rowText: string, confirmTitle: RegExp | string) {
    const button = this.root.getByRole('button', { name: `Delete ${rowText}` });
    if (await button.count()) await button.first().click();
    else {
      await this.openEdit(rowText);
      await this.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    }
    const confirm = this.page.getByRole('dialog').filter({ hasText: confirmTitle });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /^(Delete|Confirm)$/ }).click();
  }

  async expectNoHorizontalScroll() {
    expect(await sidewaysOverflow(this.page), 'the page is wider than the screen').toBeLessThanOrEqual(0);
  }
}

/** The server's message for a body, to compare with what the form said before sending. */
export async function serverMessage(request: APIRequestContext, token: string, path: string, body: unknown, field: string): Promise<string | undefined> {
  const res = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(res.status()).toBe(400);
  const json = await res.json();
  return (json.errors as Array<{ field: string; message: string }>).find((e) => e.field === field)?.message;
}
