// Attachments in a real browser (SPEC §5): Attach files, a paste and a drop each add a chip with
// Remove <file name>; the message shows its images as thumbnails and its PDFs as chips, also after a
// reload; a file too large or of another type is refused with an error naming it, and nothing else is lost.
import type { Locator, Page } from '@playwright/test';
import { formatSize, MB } from '../shared/attachments';
import { texts } from '../shared/texts';
import { gif, pdf, png } from '../test/support/testFiles';
import { test, expect, type Baton } from './fixtures';
import { alertRegion, messageBox, messages } from './ui-helpers';

type Upload = { name: string; mimeType: string; buffer: Buffer };

type SentBlock = { type: string; source?: { type: string; media_type: string; data: string } };
/** The blocks of the first message of the fake server's n-th request. */
const firstMessageOf = (baton: Baton, n: number) => (baton.fake.messageRequests()[n]!.body as { messages: Array<{ content: SentBlock[] }> }).messages[0]!.content;

const remove = (page: Page, name: string) => page.getByRole('button', { name: `Remove ${name}`, exact: true });

/** Picks files through the Attach files button and the file chooser it opens. */
async function attach(page: Page, ...files: Upload[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(files);
}

/** A File built in the page from bytes, inside a DataTransfer, as a paste or a drop carries it. */
async function transferOf(page: Page, file: Upload) {
  return page.evaluateHandle(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') },
  );
}

/** Shown, and actually decoded by the browser: a broken data: URL or a CSP block leaves it at 0 × 0. */
async function expectPicture(image: Locator, width: number): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(width);
}

const chart = { name: 'chart.png', mimeType: 'image/png', buffer: png(64, 48) };
// A few hundred KB: the message carrying it reaches the page in many WebSocket fragments.
const report = { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf(2, { padding: MB / 4 }) };

test('Attach files: chips before sending, then thumbnails in the chat, also after a reload', async ({ page, baton }) => {
  // Two uploads, a reply and a reload: more than the default on a busy machine.
  test.setTimeout(60_000);
  await baton.open(page);
  await attach(page, chart, report);
  await expect(remove(page, 'chart.png')).toBeVisible();
  await expect(remove(page, 'report.pdf')).toBeVisible();
  await expectPicture(page.locator('.attachment-chips img'), 64);

  await messageBox(page).fill('What do these show?');
  await messageBox(page).press('Enter');
  await expect(remove(page, 'chart.png')).toBeHidden();
  const sent = messages(page).first();
  await expectPicture(sent.getByRole('img', { name: 'chart.png' }), 64);
  await expect(sent).toContainText('report.pdf');
  await expect(sent).toContainText('What do these show?');
  await expect(messages(page).last()).toContainText('OK: What do these show?');

  const content = firstMessageOf(baton, 0);
  expect(content.map((b) => b.type)).toEqual(['image', 'document', 'text']);
  expect(content[0]?.source).toEqual({ type: 'base64', media_type: 'image/png', data: chart.buffer.toString('base64') });
  expect(content[1]?.source).toEqual({ type: 'base64', media_type: 'application/pdf', data: report.buffer.toString('base64') });

  await page.reload();
  await expectPicture(messages(page).first().getByRole('img', { name: 'chart.png' }), 64);
  await expect(messages(page).first()).toContainText('report.pdf');
});

test('a thumbnail opens its picture large in a dialog; Escape closes it and leaves the reply streaming', async ({ page, baton }) => {
  await baton.open(page);
  await attach(page, chart);
  await messageBox(page).fill('Look at this');
  await messageBox(page).press('Enter');
  await expect(messages(page).last()).toContainText('OK: Look at this');

  baton.fake.enqueue({ kind: 'text', text: 'slow '.repeat(400), chunkSize: 5, delayMs: 20 });
  await messageBox(page).fill('Describe it slowly');
  await messageBox(page).press('Enter');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.getByRole('button', { name: 'Open image chart.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'chart.png' });
  await expect(viewer).toBeVisible();
  const large = viewer.getByRole('img', { name: 'chart.png' });
  await expectPicture(large, 64);
  // Shown at its own size at least, not the thumbnail's 8rem-high box scaled down.
  expect((await large.boundingBox())!.width).toBeGreaterThanOrEqual(64);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
});

test('a pasted image becomes a chip; pasted text stays text', async ({ page, baton }) => {
  await baton.open(page);
  await messageBox(page).fill('Look: ');
  const transfer = await transferOf(page, { name: 'pasted.png', mimeType: 'image/png', buffer: png(20, 20) });
  await messageBox(page).evaluate((box, data) => {
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, transfer);
  await expect(remove(page, 'pasted.png')).toBeVisible();
  await expect(messageBox(page)).toHaveValue('Look: ');

  await messageBox(page).press('Enter');
  await expectPicture(messages(page).first().getByRole('img', { name: 'pasted.png' }), 20);
});

test('a file dropped on the window becomes a chip', async ({ page, baton }) => {
  await baton.open(page);
  const transfer = await transferOf(page, { name: 'dropped.gif', mimeType: 'image/gif', buffer: gif(12, 12) });
  await page.getByRole('region', { name: 'Conversation' }).dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(page.locator('.composer')).toHaveClass(/dragging/);
  await page.getByRole('region', { name: 'Conversation' }).dispatchEvent('drop', { dataTransfer: transfer });
  await expect(remove(page, 'dropped.gif')).toBeVisible();
  await expect(page.locator('.composer')).not.toHaveClass(/dragging/);
  // The page is still the app: the browser did not leave it to open the file.
  await expect(messageBox(page)).toBeVisible();

  // With a dialog open, a drop attaches nothing, and still does not leave the app.
  await page.getByRole('button', { name: 'Settings' }).click();
  const again = await transferOf(page, { name: 'ignored.gif', mimeType: 'image/gif', buffer: gif(12, 12) });
  await page.getByRole('dialog').dispatchEvent('drop', { dataTransfer: again });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(remove(page, 'ignored.gif')).toBeHidden();
  await expect(remove(page, 'dropped.gif')).toBeVisible();
});

test('Remove <file name> takes a file off before sending', async ({ page, baton }) => {
  await baton.open(page);
  await attach(page, chart, report);
  await remove(page, 'chart.png').click();
  await expect(remove(page, 'chart.png')).toBeHidden();
  await messageBox(page).fill('Only the report');
  await messageBox(page).press('Enter');
  await expect(messages(page).last()).toContainText('OK: Only the report');
  expect(firstMessageOf(baton, 0).map((b) => b.type)).toEqual(['document', 'text']);
});

test('a file too large and a file of another type are refused by name; the text and the other files stay', async ({ page, baton }) => {
  // Handing Chromium a 4 MB file through the test protocol is slow on a busy machine.
  test.setTimeout(60_000);
  await baton.open(page);
  await messageBox(page).fill('Three files');
  const huge = { name: 'huge.png', mimeType: 'image/png', buffer: png(10, 10, 3.8 * 1024 * 1024) };
  await attach(
    page,
    huge,
    { name: 'photo.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM6\x00\x00\x00\x00\x00\x00\x006\x00\x00\x00(\x00', 'latin1') },
    chart,
  );
  await expect(alertRegion(page)).toContainText(texts.attachmentTooLarge('huge.png', formatSize(huge.buffer.length), 'image', '3.75 MB'));
  await expect(alertRegion(page)).toContainText(texts.attachmentType('photo.bmp'));
  await expect(remove(page, 'chart.png')).toBeVisible();
  await expect(remove(page, 'huge.png')).toBeHidden();
  await expect(remove(page, 'photo.bmp')).toBeHidden();
  // The errors sit above the composer, clear of the files still attached.
  const errors = (await alertRegion(page).boundingBox())!;
  const chips = (await page.locator('.composer').getByRole('list', { name: 'Attached files' }).boundingBox())!;
  expect(errors.y + errors.height).toBeLessThanOrEqual(chips.y);
  await expect(messageBox(page)).toHaveValue('Three files');
  expect(baton.fake.messageRequests()).toHaveLength(0);
});
