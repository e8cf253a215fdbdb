import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('rich text is cleaned before it is stored', () => {
  it('keeps the editor formatting', () => {
    const html =
      '<h2 style="text-align:center">标题</h2><p><strong>粗</strong><em>斜</em><u>下划线</u></p><ul><li>一</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, event handlers, javascript: links, frames and styles that are not alignment', () => {
    expect(sanitizeRichText('<p>好<script>alert(1)</script></p>')).toBe('<p>好</p>');
    expect(sanitizeRichText('<p onclick="steal()">点</p>')).toBe('<p>点</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">链接</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">链接</a>',
    );
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><p>留</p>')).toBe('<p>留</p>');
    expect(sanitizeRichText('<p style="position:fixed;top:0">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<svg onload="x()"><circle/></svg>')).toBe('');
  });

  it('keeps images only from our public images or https, never data: or javascript:', () => {
    expect(sanitizeRichText('<img src="/st365/systemfile/public/AbC_12-xyz0123456" alt="图">')).toBe(
      '<img src="/st365/systemfile/public/AbC_12-xyz0123456" alt="图" />',
    );
    expect(sanitizeRichText('<img src="https://cdn.example.cn/a.png">')).toBe(
      '<img src="https://cdn.example.cn/a.png" />',
    );
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichText('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeRichText('<img src="/st365/systemfile/files/1">')).toBe('');
    expect(sanitizeRichText('<img src="x" onerror="alert(1)">')).toBe('');
  });

  it('links open in a new tab without handing over the page', () => {
    expect(sanitizeRichText('<a href="https://www.cast.org.cn">中国科协</a>')).toBe(
      '<a href="https://www.cast.org.cn" target="_blank" rel="noopener noreferrer nofollow">中国科协</a>',
    );
  });
});
