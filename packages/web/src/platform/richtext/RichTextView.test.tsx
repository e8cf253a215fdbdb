import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextView } from './RichTextView';

const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('stored HTML is rendered in one place', () => {
  it('RichTextView is the only component that sets HTML', () => {
    const setters = sourceFiles(srcRoot)
      .filter((f) =>
        /dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML/.test(fs.readFileSync(f, 'utf8')),
      )
      .map((f) => path.relative(srcRoot, f));
    expect(setters).toEqual([path.join('platform', 'richtext', 'RichTextView.tsx')]);
  });

  it('shows the cleaned HTML, and 暂无数据 when there is none', () => {
    const { container, rerender } = render(<RichTextView html="<p><strong>粗</strong></p>" />);
    expect(container.querySelector('.rich-text strong')?.textContent).toBe('粗');
    rerender(<RichTextView html="" />);
    expect(container.textContent).toBe('暂无数据');
  });
});
