/**
 * Removed options (spec 5): when a person marks options as removed in the variant picker, the
 * line's note becomes 'NO {option}' for each, joined with a comma and a space:
 * ['cipolla', 'aglio'] -> 'NO cipolla, NO aglio'. Order is the order given (the picker's
 * display order); blank labels are skipped and repeated labels appear once.
 */
export function removedOptionsNote(labels: readonly string[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const raw of labels) {
    const label = raw.trim();
    if (label === '' || seen.has(label)) continue;
    seen.add(label);
    parts.push(`NO ${label}`);
  }
  return parts.join(', ');
}

/**
 * A line's note as it is kept (spec 5): trimmed, and a blank one is no note at all (null), so
 * '' and '   ' clear it. The server stores it so and the PWA's offline edits show it so.
 */
export function lineNote(note: string | null | undefined): string | null {
  return note?.trim() || null;
}
