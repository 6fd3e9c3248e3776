import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates sitemap XML with libxml2's xmllint (compiled to WebAssembly, no system binary needed)
 * against the sitemaps.org schemas kept beside this file: a <urlset> against sitemap.xsd with
 * its xhtml:link alternates declared in sitemap-hreflang.xsd, a <sitemapindex> against siteindex.xsd.
 * Returns xmllint's error messages; none means valid.
 */
const schemaFile = (name: string) => ({ fileName: name, contents: readFileSync(new URL(`./${name}`, import.meta.url), 'utf8') });

export async function sitemapSchemaErrors(xml: string): Promise<string[]> {
  const isIndex = /<sitemapindex[\s>]/.test(xml);
  const result = await validateXML({
    xml: { fileName: isIndex ? 'sitemap-index.xml' : 'sitemap.xml', contents: xml },
    schema: schemaFile(isIndex ? 'siteindex.xsd' : 'sitemap-hreflang.xsd'),
    preload: isIndex ? [] : [schemaFile('sitemap.xsd')],
    maxMemoryPages: 4096,
  });
  return result.errors.map((error) => error.rawMessage);
}
