/**
 * `replyapply apply` on the names real chats write around their code (issue 40: Cursor and VS Code
 * Copilot chats people applied by hand), end to end in a temp folder, through the CLI's own file code:
 * - Copilot's heading link to a file (`### [a.vue](file:///…/a.vue)`) names an absolute path, which is
 *   mapped into the folder as a written one is: inside it (its `%20` decoded), or by the one file whose
 *   path it ends with, as a guess; with Copilot's summary between the heading and the block, a guess too;
 * - a label line two lines above, across `**Correct Content:**`, names the file as stated;
 * - a sentence that says the file is new creates it, and refuses to write over one that exists;
 * - Cursor's code reference (```` ```12:15:src/a.ts ````) writes nothing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Exit } from './io';
import { tempProject } from './temp-project';

const t = tempProject('chat-paths', { folder: 'My Project' });
const { put, read, run } = t;

const OLD = '<template>\n  <li>{{ item.name }}</li>\n</template>\n';
const NEW = '<template>\n  <li>{{ item.name }} <button @click="remove">×</button></li>\n</template>\n';
const ITEM = 'src/components/analysis/AnalysisHistoryItem.vue';
/** A file URL as VS Code writes it: each name percent-encoded. */
const fileUrl = (path: string) => `file://${path.split('/').map(encodeURIComponent).join('/')}`;

describe('replyapply apply: the names real chats write', () => {
  it("Copilot's heading link into the chosen folder, right above the block: stated, its %20 decoded", async () => {
    put({ [ITEM]: OLD });
    const url = fileUrl(join(t.project, ITEM));
    expect(url).toContain('My%20Project');
    const r = await run(`### [AnalysisHistoryItem.vue](${url})\n\n\`\`\`vue\n${NEW}\`\`\`\n`);
    expect(r.exit).toBe(Exit.Ok);
    expect(read(ITEM)).toBe(NEW);
  });

  it("Copilot's heading link from another machine, its summary between: the one file it ends with, a guess (the path's mapping)", async () => {
    put({ [ITEM]: OLD, 'src/components/Other.vue': OLD });
    const text = `### [AnalysisHistoryItem.vue](file:///Users/someone/proj/${ITEM})\n\nAdd a delete button to each item.\n\n\`\`\`vue\n${NEW}\`\`\`\n`;
    const held = await run(text);
    expect(read(ITEM)).toBe(OLD);
    expect(held.out).toContain('--include-guesses');
    const r = await run(text, '--include-guesses');
    expect(r.exit).toBe(Exit.Ok);
    expect(read(ITEM)).toBe(NEW);
    expect(read('src/components/Other.vue')).toBe(OLD);
    expect(r.out).toContain('is the file of the project that ends the same way. That is a guess');
  });

  it("Copilot's whole answer for a file: heading link, summary, filepath marker, elided block", async () => {
    const bot = 'import os\n\n\ndef a():\n    return 1\n\n\ndef b():\n    return 2\n';
    put({ 'src/bot.py': bot });
    const text = [
      '### [bot.py](file:///Users/someone/proj/src/bot.py)',
      '',
      'Make `b` return 3.',
      '',
      '````python',
      '# filepath: /Users/someone/proj/src/bot.py',
      '# ...existing code...',
      '',
      '',
      'def b():',
      '    return 3',
      '````',
      '',
    ].join('\n');
    const r = await run(text, '--include-guesses');
    expect(r.exit).toBe(Exit.Ok);
    expect(read('src/bot.py')).toBe(bot.replace('return 2', 'return 3'));
  });

  it('a label line two lines above, across a content label: that file, as stated', async () => {
    put({ 'Defs/ThingDef/Buildings_Power.xml': '<Defs/>\n' });
    const text =
      '**File to edit:** `Defs/ThingDef/Buildings_Power.xml`\n\n**Correct Content:**\n```xml\n<Defs>\n  <ThingDef/>\n</Defs>\n```\n';
    const r = await run(text);
    expect(r.exit).toBe(Exit.Ok);
    expect(read('Defs/ThingDef/Buildings_Power.xml')).toBe('<Defs>\n  <ThingDef/>\n</Defs>\n');
  });

  it('a sentence that says the file is new: created; over a file that exists, refused', async () => {
    const text =
      'Create a new file `src/utils/format.ts`:\n\n```ts\nexport const f = (x: number) => x.toFixed(2);\n```\n';
    const r = await run(text);
    expect(r.exit).toBe(Exit.Ok);
    expect(read('src/utils/format.ts')).toBe('export const f = (x: number) => x.toFixed(2);\n');

    put({ 'src/utils/format.ts': 'export const keep = 1;\n' });
    const over = await run(text);
    expect(over.exit).not.toBe(Exit.Ok);
    expect(over.out + over.err).toContain(
      'The reply creates src/utils/format.ts (reply line 3), but that file already exists.',
    );
    expect(read('src/utils/format.ts')).toBe('export const keep = 1;\n');
  });

  it("Cursor's code reference writes nothing (it was a file named '15:src/a.ts')", async () => {
    put({ 'src/a.ts': 'const x = 1;\n' });
    const r = await run(
      'The value is set here:\n\n```12:15:src/a.ts\nconst x = 1;\n```\n',
      '--include-guesses',
    );
    expect(r.exit).toBe(Exit.NothingFound);
    expect(existsSync(join(t.project, '15:src'))).toBe(false);
    expect(read('src/a.ts')).toBe('const x = 1;\n');
  });
});
