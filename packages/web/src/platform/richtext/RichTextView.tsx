/**
 * Shows rich text the server has cleaned (platform/richtext on the server): the only place that
 * renders stored HTML, so the trust is in one spot.
 */
export function RichTextView({ html }: { html: string }) {
  if (!html) return <span style={{ color: '#999' }}>暂无数据</span>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's allowlist cleaned this HTML before storing it
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
