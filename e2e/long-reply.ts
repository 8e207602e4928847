/**
 * The long reply of the Chromium and Firefox e2e (issue 44): over four times the 64 KiB the page reads
 * itself, so the background reads it from several parts; its lines hold characters outside the BMP, so a
 * part's cut can fall inside a surrogate pair.
 */
export const LONG_FILES = 40;

/** File `f` as the reply writes it (~12 KiB). */
export const longBody = (f: number) =>
  `${Array.from({ length: 250 }, (_, k) => `export const v${k} = "𝒳 ${f}:${k}"; // 😀 line ${k}`).join('\n')}\n`;

export const LONG_REPLY = `All ${LONG_FILES} files:\n\n${Array.from(
  { length: LONG_FILES },
  (_, f) => `src/long/f${f}.ts\n\n\`\`\`ts\n${longBody(f)}\`\`\``,
).join('\n\n')}`;

/** Files the tests read back after the apply. */
export const LONG_CHECKED = [0, 17, LONG_FILES - 1];
