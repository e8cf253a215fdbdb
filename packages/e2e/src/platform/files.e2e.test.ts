import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs } from '../harness/console';
import { serverUrl } from '../harness/workers';

describe('files: upload with progress, then the viewer', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('attaches proof documents to a unit, refuses a bad one, and views them', async () => {
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/company`);
    const row = admin.getByRole('row').filter({ hasText: '示范大学' });
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = admin.getByRole('dialog', { name: '编辑单位' });

    // A picture the browser draws, so the viewer has something real to show.
    const png = await admin.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 400;
      const g = c.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#1677ff';
      g.fillRect(0, 0, 640, 400);
      g.fillStyle = '#fff';
      g.font = '48px sans-serif';
      g.fillText('办学许可证', 180, 220);
      return c.toDataURL('image/png').split(',')[1] as string;
    });
    const input = dialog.locator('.ant-upload input[type=file]');
    await input.setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await admin.getByText('文件格式不符合规范！').waitFor();
    await input.setInputFiles({ name: '办学许可证.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await admin.getByText('文件上传成功').waitFor();
    await dialog.getByText('办学许可证.png').first().waitFor();
    await input.setInputFiles({
      name: '章程.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      ),
    });
    await dialog.getByText('章程.pdf').first().waitFor();
    // The item shows while it uploads; save only once both are done.
    await expect.poll(() => dialog.locator('.ant-upload-list-item-uploading').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => dialog.locator('.ant-upload-list-item').count()).toBe(2);
    await screenshot(admin, 'upload-in-form');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('保存成功').waitFor();

    await row.getByRole('button', { name: '2 个文件' }).click();
    const viewer = admin.getByTestId('file-viewer');
    const image = viewer.getByRole('img', { name: '办学许可证.png' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await admin.keyboard.press('ArrowUp');
    await expect.poll(() => image.getAttribute('data-scale')).toBe('1.2');
    await viewer.getByRole('button', { name: '旋转' }).click();
    await screenshot(admin, 'file-viewer');
    await admin.keyboard.press('ArrowRight');
    await viewer.locator('iframe[title="章程.pdf"]').waitFor();
    await admin.keyboard.press('ArrowRight');
    await viewer.getByRole('img', { name: '办学许可证.png' }).waitFor();
    await admin.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
    await admin.context().close();
  });

  it('writes a unit introduction in the rich-text editor with a picture; readers see it cleaned', async () => {
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/company`);
    const row = admin.getByRole('row').filter({ hasText: '示范市医学会' });
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = admin.getByRole('dialog', { name: '编辑单位' });
    const editor = dialog.locator('.rich-text-editor .ProseMirror');
    await editor.click();
    await admin.keyboard.type('示范市医学会成立于1952年，');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await admin.keyboard.type('是本市医学工作者的学术团体。');
    const png = await admin.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 300;
      c.height = 120;
      const g = c.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#52c41a';
      g.fillRect(0, 0, 300, 120);
      return c.toDataURL('image/png').split(',')[1] as string;
    });
    await dialog
      .locator('.rich-text-editor input[type=file]')
      .setInputFiles({ name: '合影.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await editor.locator('img[alt="合影.png"]').waitFor();
    await screenshot(admin, 'rich-text-editor');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('保存成功').waitFor();

    await row.getByRole('button', { name: '简介' }).click();
    const intro = admin.getByRole('dialog', { name: '单位简介：示范市医学会' });
    await intro.locator('strong').getByText('是本市医学工作者的学术团体。').waitFor();
    const img = intro.locator('img[alt="合影.png"]');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(300);
    await admin.context().close();
  });
});
