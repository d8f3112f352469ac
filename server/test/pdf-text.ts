import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, parsed by PDF.js: one line per text item. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: bytes, verbosity: VerbosityLevel.ERRORS, isEvalSupported: false, disableFontFace: true }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) lines.push(item.str);
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text: lines.join('\n') };
}
