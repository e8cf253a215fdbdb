import type { Page } from 'playwright-core';

/**
 * Solves the slide captcha on the page as a person does: looks where the piece fits, then drags
 * the slider there. "Looks" is a pixel comparison: the hole is the piece's own picture, darkened.
 */
async function slideOnce(page: Page): Promise<void> {
  // The last pop-up: a closed one may still be fading out.
  const box = page.getByTestId('captcha').last();
  await box.getByAltText('拼图块').waitFor();
  await box.getByText('向右拖动滑块填充拼图').waitFor();
  const x = await page.evaluate(async () => {
    const boxes = document.querySelectorAll('[data-testid=captcha]');
    const [bgImg, pieceImg] = Array.from(boxes[boxes.length - 1]?.querySelectorAll<HTMLImageElement>('img') ?? []);
    if (!bgImg || !pieceImg) throw new Error('captcha images missing');
    await Promise.all([bgImg.decode(), pieceImg.decode()]);
    const pixels = (img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d') as CanvasRenderingContext2D;
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, c.width, c.height);
    };
    const bg = pixels(bgImg);
    const piece = pixels(pieceImg);
    const solid: [number, number][] = [];
    for (let y = 0; y < piece.height; y++)
      for (let x = 0; x < piece.width; x++)
        if ((piece.data[(y * piece.width + x) * 4 + 3] ?? 0) > 250) solid.push([x, y]);
    let best = 0;
    let bestErr = Number.POSITIVE_INFINITY;
    for (let left = 0; left <= bg.width - piece.width; left++) {
      let err = 0;
      for (const [px, py] of solid) {
        const p = (py * piece.width + px) * 4;
        const b = (py * bg.width + left + px) * 4;
        for (let ch = 0; ch < 3; ch++) err += Math.abs((bg.data[b + ch] ?? 0) - 0.55 * (piece.data[p + ch] ?? 0));
      }
      if (err < bestErr) {
        bestErr = err;
        best = left;
      }
    }
    return best;
  });
  const handle = box.getByRole('slider', { name: '拖动滑块' });
  // The pop-up zooms in as it opens: grab the handle only once it has stopped moving, and drag
  // again if the first grab missed it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await handle.boundingBox();
    await page.waitForTimeout(150);
    const at = await handle.boundingBox();
    if (!at || !before || Math.abs(at.x - before.x) > 0.5 || Math.abs(at.width - before.width) > 0.5) continue;
    const startX = at.x + at.width / 2;
    const y = at.y + at.height / 2;
    await page.mouse.move(startX, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(startX + (x * i) / 10, y, { steps: 2 });
    await page.mouse.up();
    if ((await handle.getAttribute('aria-valuenow')) !== '0') return;
  }
  throw new Error('could not grab the slider');
}

/**
 * Solves the slide captcha, trying again on a new picture when a slide misses (as a person
 * would: a pixel guess on a busy machine can be a few pixels off).
 */
export async function solveSlideCaptcha(page: Page, tries = 3): Promise<void> {
  for (let i = 1; i <= tries; i++) {
    await slideOnce(page);
    const verdict = page
      .getByTestId('captcha')
      .last()
      .getByText(/验证成功|验证失败|验证码已失效/);
    await verdict.waitFor();
    if (/验证成功/.test((await verdict.textContent()) ?? '')) return;
  }
  throw new Error(`the slide captcha failed ${tries} times`);
}
