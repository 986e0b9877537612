const isControl = (code: number) => code < 0x20 || code === 0x7f;

/** Whether text holds ASCII control characters (NUL, line breaks, tabs, DEL…). */
export function hasControlCharacters(value: string) {
  for (let index = 0; index < value.length; index++) if (isControl(value.charCodeAt(index))) return true;
  return false;
}

/** Text with its ASCII control characters removed: for values that are recorded, never shown as typed. */
export function withoutControlCharacters(value: string) {
  return hasControlCharacters(value) ? [...value].filter((char) => !isControl(char.charCodeAt(0))).join("") : value;
}
