/**
 * A value as JSON that may stand inside an inline `<script>` element: every `<` is written as
 * `\u003c`, so no text in it (partner text, a guest's tag) can close the element or open a comment.
 * Still the same JSON, and the same value to the script that reads it.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
