/** A file's size for people: "850 B", "12.4 KB", "3.1 MB" (binary units, as the upload limits);
 * `num` formats a number in the viewer's language with at most that many decimals. */
export function fileSize(bytes: number, num: (value: number, maxDecimals: number) => string): string {
  if (bytes < 1024) return `${num(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${num(bytes / 1024, 1)} KB`;
  return `${num(bytes / (1024 * 1024), 1)} MB`;
}
