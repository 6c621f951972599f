/**
 * Whether the user is already in a field (text, select, editable). A dialog that focuses its first
 * field when its opening animation ends must not take focus from one the user went into meanwhile:
 * that closed an open select under their click.
 */
export function isEditingField(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]');
}
