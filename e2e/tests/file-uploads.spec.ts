// Uploaded Files (/file-uploads): a subscribed creator drops several files at once, follows each upload's
// progress (through a dropped connection), sees a file refused by its content, gets fingerprinted thumbnails,
// and deletes a file.
import { AxeBuilder } from '@axe-core/playwright';
import type { JSHandle, Page } from '@playwright/test';
import { startCuttingProxy, type CuttingProxy } from './cutting-proxy.ts';
import { expect, grant, test } from './pages-support.ts';

/**
 * Builds the dropped files in the page: two real JPEGs drawn on a canvas (busy pictures, so the
 * fingerprint has detail to work with), a text file named like a photo, and a large "video" that only
 * starts like an MP4 (big enough to watch its upload, and to drop the connection in the middle of it).
 */
async function droppedFiles(page: Page): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    async function jpeg(name: string, width: number, height: number, hue: number): Promise<File> {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = `hsl(${hue} 60% 50%)`;
      context.fillRect(0, 0, width, height);
      for (let i = 0; i < 400; i++) {
        context.fillStyle = `hsl(${(hue + random() * 120) % 360} ${40 + random() * 50}% ${20 + random() * 60}%)`;
        context.beginPath();
        context.arc(
          random() * width,
          random() * height,
          5 + random() * width * 0.08,
          0,
          Math.PI * 2,
        );
        context.fill();
      }
      const image = context.getImageData(0, 0, width, height);
      for (let i = 0; i < image.data.length; i += 4) {
        const n = (random() - 0.5) * 60;
        image.data[i] = image.data[i]! + n;
        image.data[i + 1] = image.data[i + 1]! + n;
        image.data[i + 2] = image.data[i + 2]! + n;
      }
      context.putImageData(image, 0, 0);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95),
      );
      return new File([blob], name, { type: 'image/jpeg' });
    }
    function fakeVideo(name: string, size: number): File {
      const bytes = new Uint8Array(size);
      for (let at = 0; at < size; at += 65_536)
        crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65_536)));
      // An ISO BMFF 'ftyp' box: recognised as an MP4 by its first bytes, though nothing playable follows.
      bytes.set([
        0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f,
        0x6d, 0x69, 0x73, 0x6f, 0x32,
      ]);
      return new File([bytes], name, { type: 'video/mp4' });
    }
    const transfer = new DataTransfer();
    transfer.items.add(await jpeg('beach.jpg', 1600, 1200, 30));
    transfer.items.add(await jpeg('sunset.jpg', 800, 600, 200));
    transfer.items.add(
      new File(['Shopping list: milk, eggs, film for the camera.\n'.repeat(30)], 'notes.jpg', {
        type: 'image/jpeg',
      }),
    );
    transfer.items.add(fakeVideo('clip.mp4', 24 * 1024 * 1024));
    return transfer;
  });
}

// The browser reaches the server through a proxy that can slow its connections and cut them.
let proxy: CuttingProxy;
// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  proxy = await startCuttingProxy(Number(new URL(testInfo.project.use.baseURL!).port));
});
test.afterAll(async () => {
  await proxy?.close();
});

test('a subscribed creator uploads several files, sees progress and refusals, gets thumbnails and deletes one', async ({
  page,
  signedInCreator,
}) => {
  test.setTimeout(180_000);
  await grant(signedInCreator.email, {
    status: 'subscribed',
    plan: 'standard',
    features: ['explicitlyShowUploadFiles'],
  });
  await page.goto(`${proxy.origin}/dashboard`);
  await page
    .getByRole('link', { name: /^(Uploaded Files|Uploads)$/ })
    .first()
    .click();
  await expect(page).toHaveURL(`${proxy.origin}/file-uploads`);
  await expect(page).toHaveTitle('Shark | Uploaded Files');
  await expect(page.getByRole('heading', { level: 1, name: 'Uploaded Files' })).toBeVisible();
  await expect(page.getByText(/^No files yet\./)).toBeVisible();
  const meter = page.getByTestId('usage-referenceStorageBytes');
  await expect(meter).toContainText('0 bytes of 5 GB of storage on your Standard plan');
  await expect(page.getByText(/Up to 4 GB per file\./)).toBeVisible();

  const files = page.getByRole('list', { name: 'Your files' });
  const row = (name: string) => files.getByRole('listitem', { name, exact: true });

  // A slow connection, so the upload of the video can be watched.
  proxy.limitUpload(2 * 1024 * 1024);
  // What the client asked after the drop (HEAD: where to resume?) and where it then sent from.
  const resumeOffsets: number[] = [];
  const patchOffsets: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'HEAD' && response.url().includes('/api/uploads/')) {
      resumeOffsets.push(Number(response.headers()['upload-offset']));
    }
  });
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) {
      patchOffsets.push(Number(request.headers()['upload-offset']));
    }
  });

  await test.step('drop two photos and a text file at once', async () => {
    const transfer = await droppedFiles(page);
    const zone = page.getByTestId('drop-zone');
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(files.getByRole('listitem')).toHaveCount(4);
  });

  await test.step('the text file is refused by its content, whatever its name', async () => {
    await expect(row('notes.jpg').getByRole('alert')).toHaveText(
      /^"notes\.jpg" is not an image or a video: its content was checked, not its name\./,
    );
    await row('notes.jpg').getByRole('button', { name: 'Dismiss notes.jpg' }).click();
    await expect(row('notes.jpg')).toHaveCount(0);
  });

  await test.step('the video shows its progress, survives a dropped connection and finishes', async () => {
    const bar = row('clip.mp4').getByRole('progressbar', { name: 'Uploading clip.mp4' });
    const status = row('clip.mp4').getByTestId('upload-status');
    await expect(status).toHaveText(/^Uploading ([1-9]\d?)% · /);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);

    proxy.cut();
    await expect(status).toHaveText(/^Connection lost at \d+%, reconnecting…$/);
    proxy.limitUpload(null);
    proxy.restore();
    await expect(status).not.toHaveText(/Connection lost|Uploading/, { timeout: 60_000 });
    // Resumed, not restarted: the client asked the server where to go on, and sent from there.
    const resumedFrom = resumeOffsets.filter((offset) => offset > 0);
    expect(resumedFrom, `HEAD offsets ${resumeOffsets.join(', ')}`).not.toEqual([]);
    // (The client may ask more than once while the connection comes back; it goes on from one of
    // the offsets the server gave.)
    expect(
      resumedFrom.some((offset) => patchOffsets.includes(offset)),
      `HEAD offsets ${resumedFrom.join(', ')}; PATCH offsets ${patchOffsets.join(', ')}`,
    ).toBe(true);
    // Not a video after all: the fingerprint job says so on the file.
    await expect(status).toContainText('Failed', { timeout: 60_000 });
    await expect(status).toContainText(/could not be read/);
  });

  await test.step('both photos are fingerprinted and show a thumbnail', async () => {
    for (const name of ['beach.jpg', 'sunset.jpg']) {
      await expect(row(name).getByTestId('upload-status')).toContainText('Ready', {
        timeout: 90_000,
      });
      await expect(row(name).getByTestId('upload-status')).toContainText(
        /Photo · \d+×\d+ · fingerprinted/,
      );
      const thumbnail = row(name).getByRole('img', { name: `Thumbnail of ${name}` });
      await expect(thumbnail).toBeVisible();
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(meter).not.toContainText('0 bytes of 5 GB');
  });

  await test.step('the list and its thumbnails are there after a reload', async () => {
    await page.reload();
    await expect(files.getByRole('listitem')).toHaveCount(3);
    await expect(
      row('beach.jpg').getByRole('img', { name: 'Thumbnail of beach.jpg' }),
    ).toBeVisible();
  });

  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    'axe on /file-uploads',
  ).toEqual([]);

  await test.step('delete a photo after confirming', async () => {
    const usedBefore = await meter.textContent();
    await row('sunset.jpg').getByRole('button', { name: 'Delete sunset.jpg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “sunset.jpg”?' });
    await expect(dialog).toContainText('its thumbnail and its fingerprint are removed');
    await dialog.getByRole('button', { name: 'Delete file' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('“sunset.jpg” deleted')).toBeVisible();
    await expect(row('sunset.jpg')).toHaveCount(0);
    await expect(row('beach.jpg')).toBeVisible();
    await expect(meter).not.toHaveText(usedBefore ?? '');
  });
});
