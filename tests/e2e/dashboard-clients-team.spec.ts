import type { Locator, Page } from '@playwright/test';
import { dashboardSite, imageFile, signInQuickly, test, uniqueName } from './dashboard-support';
import { LAYOUT } from './e2e-env';
import { expect, expectNoAxeViolations, gotoHydrated, isPhone } from './fixtures';
import { createClient, createTeamMember } from '../support/factories';

test.use(dashboardSite);

const URL_MESSAGE = 'Please enter a valid URL starting with http:// or https://';
const REQUIRED_MESSAGE = 'Please fill in all required fields';

function card(page: Page, name: string): Locator {
  return page.locator('.entity-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function openAddForm(page: Page, noun: 'client' | 'team member'): Promise<Locator> {
  await page.getByRole('button', { name: `Add ${noun}` }).click();
  return page.getByRole('dialog', { name: `Add ${noun}` });
}

/** Deletes through the card's Delete button and the confirmation dialog. */
async function deleteThroughDialog(page: Page, noun: 'client' | 'team member', name: string): Promise<void> {
  await card(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await page
    .getByRole('dialog', { name: `Delete ${noun}` })
    .getByRole('button', { name: 'Move to Trash' })
    .click();
}

async function boxOf(element: Locator) {
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not shown');
  return box;
}

/** Tab and Shift+Tab never leave the dialog; Escape closes it and focus returns to the opener. */
async function expectFocusTrapped(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `focus after ${key}`).toBe(
      true,
    );
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('dashboard clients and team', () => {
  test.beforeEach(async ({ page }) => {
    await signInQuickly(page);
  });

  test(
    'both managers pass axe with their forms open, trap focus, and the clients grid is 3 a row (1 on a phone)',
    { tag: LAYOUT },
    async ({ page, admin }, testInfo) => {
      // Six axe checks on pages full of cards take a while on a busy machine.
      test.slow();
      // Four clients of its own, so the grid has more than a row whatever the demo content holds.
      const newest = uniqueName(testInfo, 'Grid client');
      for (const name of [`${newest} a`, `${newest} b`, `${newest} c`, newest]) await createClient(admin, { name });
      await gotoHydrated(page, '/dashboard/clients');
      await expect(page.getByRole('heading', { level: 1, name: 'Clients Management' })).toBeVisible();
      await expectNoAxeViolations(page);
      // Made without a logo: the card says so.
      await expect(card(page, newest).getByRole('img', { name: `${newest} logo` })).toHaveText('No Image');

      // The first four cards, whichever they are: another test may be adding clients at the same time.
      const cards = page.locator('.entity-card');
      const [first, second, third, fourth] = [
        await boxOf(cards.nth(0)),
        await boxOf(cards.nth(1)),
        await boxOf(cards.nth(2)),
        await boxOf(cards.nth(3)),
      ];
      if (isPhone(page)) {
        // One column: the cards stack, each below the last, at the same left edge.
        expect(Math.abs(first.x - second.x)).toBeLessThan(2);
        expect(second.y).toBeGreaterThan(first.y + first.height - 1);
        expect(third.y).toBeGreaterThan(second.y + second.height - 1);
      } else {
        // Three columns: one row, side by side.
        expect(Math.abs(first.y - second.y)).toBeLessThan(2);
        expect(Math.abs(first.y - third.y)).toBeLessThan(2);
        expect(second.x).toBeGreaterThan(first.x + first.width - 1);
        expect(third.x).toBeGreaterThan(second.x + second.width - 1);
        // And no fourth: the next card starts a new row.
        expect(Math.abs(fourth.x - first.x)).toBeLessThan(2);
        expect(fourth.y).toBeGreaterThan(first.y + first.height - 1);
      }

      const addClient = page.getByRole('button', { name: 'Add client' });
      await addClient.click();
      const clientDialog = page.getByRole('dialog', { name: 'Add client' });
      await expect(clientDialog.getByLabel('Name')).toBeFocused();
      await expectNoAxeViolations(page);
      await expectFocusTrapped(page, clientDialog, addClient);

      await card(page, newest)
        .getByRole('button', { name: `Delete ${newest}` })
        .click();
      await expect(page.getByRole('dialog', { name: 'Delete client' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(card(page, newest)).toBeVisible();

      await gotoHydrated(page, '/dashboard/team');
      await expect(page.getByRole('heading', { level: 1, name: 'Team Members Management' })).toBeVisible();
      await expectNoAxeViolations(page);
      const addMember = page.getByRole('button', { name: 'Add team member' });
      await addMember.click();
      const teamDialog = page.getByRole('dialog', { name: 'Add team member' });
      await expect(teamDialog.getByLabel('Name')).toBeFocused();
      await expectNoAxeViolations(page);
      await expectFocusTrapped(page, teamDialog, addMember);
    },
  );

  test('a client that is not Active says it is not on the website, and why', async ({ page }) => {
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard/clients');
    const note = /Not on the website: only Active clients are shown to visitors/;
    await expect(card(page, 'Wangdue Town Development Committee')).toContainText(note);
    await expect(card(page, 'Wangdue Town Development Committee')).toContainText('Pending');
    const active = page.locator('.entity-card').filter({ hasText: /Status\s*Active/ });
    expect(await active.count()).toBeGreaterThan(0);
    await expect(active.filter({ hasText: note })).toHaveCount(0);
  });

  test('a client is added with its logo, edited, kept on a cancelled delete, shown on the home page, then deleted', async ({
    page,
  }, testInfo) => {
    const name = uniqueName(testInfo, 'Druk Bank');
    await gotoHydrated(page, '/dashboard/clients');
    const dialog = await openAddForm(page, 'client');
    await expect(dialog.getByLabel('Category')).toHaveValue('General');
    await expect(dialog.getByLabel('Status')).toHaveValue('Active');
    await expect(dialog.getByLabel('Status').locator('option')).toHaveText([
      'Active — logo on the site',
      'Inactive — not on the site',
      'Pending — not on the site yet',
    ]);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('A bank in Thimphu.');
    await dialog.getByLabel('Website').fill('https://bank.example.bt');
    await dialog.getByLabel('Category').selectOption('Banking');
    await dialog.getByLabel('Logo', { exact: true }).setInputFiles(await imageFile('druk-logo.png', 600, 300, 'png'));
    await expect(dialog.getByRole('img', { name: 'Chosen image 1: druk-logo.png' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText(`Client "${name}" added.`);

    const added = card(page, name);
    await expect(added.getByRole('img', { name: `${name} logo` })).toHaveJSProperty('complete', true);
    expect(
      await added.getByRole('img', { name: `${name} logo` }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await expect(added).toContainText('Banking');
    await expect(added).toContainText('Active');
    await expect(added).toContainText('A bank in Thimphu.');
    await expect(added.getByRole('link', { name: 'bank.example.bt' })).toHaveAttribute(
      'href',
      'https://bank.example.bt',
    );

    await added.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit client' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await expect(edit.getByRole('img', { name: `${name} logo` })).toBeVisible();
    await edit.getByLabel('Category').selectOption('Corporate');
    await edit.getByLabel('Description').fill('Banking and insurance.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('status')).toContainText(`Client "${name}" updated.`);
    await expect(added).toContainText('Corporate');
    await expect(added).toContainText('Banking and insurance.');
    // The logo stays when the form sends no new one.
    await expect(added.getByRole('img', { name: `${name} logo` })).toBeVisible();

    await added.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete client' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(added).toBeVisible();

    await gotoHydrated(page, '/');
    const logo = page.locator('.clients').getByRole('img', { name: `${name} logo` });
    // The newest client comes first, unless another test has just added one: page through.
    for (let turn = 0; turn < 10 && !(await logo.isVisible()); turn += 1) {
      await page.getByRole('button', { name: 'Next clients' }).click();
    }
    await expect(logo).toBeVisible();

    await gotoHydrated(page, '/dashboard/clients');
    await deleteThroughDialog(page, 'client', name);
    await expect(page.getByRole('status')).toContainText(`Client “${name}” moved to the Trash.`);
    await expect(card(page, name)).toHaveCount(0);
  });

  test('the client form says what is wrong: no name, a website that is not a URL, a file that is not an image', async ({
    page,
  }, testInfo) => {
    await gotoHydrated(page, '/dashboard/clients');
    const dialog = await openAddForm(page, 'client');
    await dialog.getByLabel('Website').fill('not a url');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText(URL_MESSAGE)).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');

    await dialog
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(dialog.getByText('Please select an image file')).toBeVisible();

    await dialog.getByLabel('Name').fill(uniqueName(testInfo, 'Never saved'));
    await dialog.getByLabel('Website').fill('ftp://files.example.bt');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(URL_MESSAGE)).toBeVisible();
    await expect(dialog.getByText('Name is required')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a team member is added with a photo, edited, kept on a cancelled delete, shown on the about page, then deleted', async ({
    page,
  }, testInfo) => {
    const name = uniqueName(testInfo, 'Karma Wangchuk');
    await gotoHydrated(page, '/dashboard/team');
    const dialog = await openAddForm(page, 'team member');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Title').fill('Architect');
    await dialog.getByLabel('Position').fill('Design lead');
    await dialog.getByLabel('Photo', { exact: true }).setInputFiles(await imageFile('karma.jpg', 800, 800));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText(`Team member "${name}" added.`);
    const added = card(page, name);
    await expect(added.getByRole('img', { name: `Portrait of ${name}` })).toBeVisible();
    await expect(added).toContainText('Architect');
    await expect(added).toContainText('Design lead');

    await added.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit team member' });
    await expect(edit.getByLabel('Title')).toHaveValue('Architect');
    await edit.getByLabel('Title').fill('Principal architect');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('status')).toContainText(`Team member "${name}" updated.`);
    await expect(added).toContainText('Principal architect');

    await added.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete team member' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(added).toBeVisible();

    await gotoHydrated(page, '/about');
    const member = page.locator('.team-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(member).toContainText('Principal architect');
    await expect(member).toContainText('Design lead');
    await expect(member.getByRole('img', { name: `Portrait of ${name}` })).toHaveAttribute('src', /\/uploads\//);

    await gotoHydrated(page, '/dashboard/team');
    await deleteThroughDialog(page, 'team member', name);
    await expect(page.getByRole('status')).toContainText(`Team member “${name}” moved to the Trash.`);
    await expect(card(page, name)).toHaveCount(0);
  });

  test('the team form asks for name, title and position', async ({ page }, testInfo) => {
    await gotoHydrated(page, '/dashboard/team');
    const dialog = await openAddForm(page, 'team member');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(REQUIRED_MESSAGE)).toHaveCount(3);
    await dialog.getByLabel('Name').fill(uniqueName(testInfo, 'Never saved'));
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(REQUIRED_MESSAGE)).toHaveCount(2);
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await expect(dialog.getByLabel('Position')).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a photo is cropped before upload, with a selection of at least 100×100 image pixels', async ({
    page,
  }, testInfo) => {
    await signInQuickly(page);
    await gotoHydrated(page, '/dashboard/team');
    const name = uniqueName(testInfo, 'Cropped Member');
    const dialog = await openAddForm(page, 'team member');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Title').fill('Engineer');
    await dialog.getByLabel('Position').fill('Site lead');
    await expect(dialog.getByLabel('Title')).toHaveAccessibleDescription(/^Their profession/);
    await expect(dialog.getByLabel('Position')).toHaveAccessibleDescription(/^Their role in the studio/);
    await dialog.getByLabel('Photo', { exact: true }).setInputFiles(await imageFile('wide.jpg', 1200, 900));
    await expect(dialog.getByText('Pending')).toBeVisible();
    await dialog.getByRole('button', { name: 'Crop wide.jpg' }).click();
    const crop = page.getByRole('dialog', { name: 'Crop wide.jpg' });
    await crop.getByRole('button', { name: /^Bottom right corner of the selection/ }).focus();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Control+ArrowUp');
      await page.keyboard.press('Control+ArrowLeft');
    }
    // Outside the media library the smallest selection is 100×100 (SPEC section 9), saved at 800 px.
    await expect(crop.getByText(/^Selection (99|100|101) × (99|100|101) px, saved at 800 × 800 px$/)).toBeVisible();
    await crop.getByRole('button', { name: 'Apply' }).click();
    await expect(crop).toBeHidden();
    await expect(dialog.getByText('Cropped')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const members = (await (await page.request.get('/api/team-members')).json()) as {
      data: { id: number; name: string; imageDetails: { width: number; height: number } | null }[];
    };
    const saved = members.data.find((member) => member.name === name)!;
    expect(saved.imageDetails).toMatchObject({ width: 800, height: 800 });
  });

  test.describe('when the server fails', () => {
    // Chromium logs each failed request on the console.
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test("a failed save keeps the form open with 'Error saving client'", async ({ page }, testInfo) => {
      const name = uniqueName(testInfo, 'Failing client');
      await page.route('**/api/clients', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ error: 'Disk full' }),
            })
          : route.fallback(),
      );
      await gotoHydrated(page, '/dashboard/clients');
      const dialog = await openAddForm(page, 'client');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Error saving client: Disk full');
      await expect(dialog.getByLabel('Name')).toHaveValue(name);
      await page.unroute('**/api/clients');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status')).toContainText(`Client "${name}" added.`);
      await deleteThroughDialog(page, 'client', name);
      await expect(card(page, name)).toHaveCount(0);
    });

    test("a failed delete keeps the member with 'Error deleting team member'; a failed reload says 'Error loading team members'", async ({
      page,
      admin,
    }, testInfo) => {
      const name = uniqueName(testInfo, 'Sonam Dema');
      const { id } = await createTeamMember(admin, { name });
      await gotoHydrated(page, '/dashboard/team');
      await page.route(`**/api/team-members/${id}`, (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
          : route.fallback(),
      );
      await deleteThroughDialog(page, 'team member', name);
      await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toHaveText(
        /^Error deleting team member: HTTP error! status: 500/,
      );
      await expect(card(page, name)).toBeVisible();

      // Reload goes back to the API: a member added elsewhere appears; a network failure is reported.
      const later = uniqueName(testInfo, 'Pema Lhamo');
      await createTeamMember(admin, { name: later, title: 'Designer', position: 'Interior' });
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByRole('status')).toContainText('Team members reloaded.');
      await expect(card(page, later)).toBeVisible();
      await page.route('**/api/team-members', (route) => route.abort());
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toHaveText(
        /^Error loading team members: Network error/,
      );
      await expect(card(page, later)).toBeVisible();
    });
  });
});
