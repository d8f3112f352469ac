/**
 * A `<script type="application/json">` element holding `value`, for a page to read at start. Every `<` is written as
 * `\u003c` (the same string to JSON.parse), so no text inside, such as an admin's `</script>`, can end the element.
 */
export function jsonScriptElement(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`;
}
