/**
 * The banner row on the home page: HTML the home loader rendered (banners.server.tsx), inserted
 * as it is. Its links are plain anchors; the row costs the home page's JS budget nothing else.
 */
export function HomeBanners({ html }: { html: string | null }) {
  return html ? <div dangerouslySetInnerHTML={{ __html: html }} /> : null;
}
