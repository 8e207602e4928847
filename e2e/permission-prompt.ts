/**
 * The browser's own permission prompt, answered by clicking its button. Playwright cannot reach browser
 * dialogs and Chromium has no switch that answers an extension's `permissions.request`, so the prompt is
 * found and clicked through Chromium's UI DevTools (ui-devtools.ts): the click goes through the button's
 * own event handling, including Chromium's guard against clicks that come too soon after a prompt opens
 * or too soon after another click.
 */
import { launchExtension } from './browser';
import { test } from './fixtures';
import { classOf, UI_DEVTOOLS_ARGS, UiDevTools, type ViewNode, walk } from './ui-devtools';

/** The e2e fixture with UI DevTools on, so a test can answer the browser's prompts. */
export const promptTest = test.extend({
  context: async ({ profile }, use) => {
    // The prompt is found by its English words; Chromium on Linux takes its UI language from these.
    const env = { LANGUAGE: 'en_US', LC_ALL: 'C.UTF-8' };
    const context = await launchExtension(profile, { args: UI_DEVTOOLS_ARGS, env });
    await use(context);
    await context.close();
  },
});

interface Prompt {
  /** Every text the prompt shows (title, what the extension could do, buttons). */
  texts: string[];
  /** Button view ids by their text; valid until the tree is read again. */
  buttons: Map<string, number>;
}

/**
 * Do `ask` (a click that makes the extension call `chrome.permissions.request`), wait for the browser's
 * prompt and click its `answer` button. Returns the prompt's texts, so a test can check what was asked.
 */
export async function answerPermissionPrompt(
  profileDir: string,
  answer: 'Allow' | 'Deny',
  ask: () => Promise<void>,
  timeoutMs = 15_000,
): Promise<string[]> {
  const ui = await UiDevTools.connect(profileDir);
  const deadline = Date.now() + timeoutMs;
  const late = (what: string) => {
    if (Date.now() > deadline) throw new Error(`The permission prompt ${what} within ${timeoutMs} ms.`);
  };
  try {
    await ask();
    let prompt = await readPrompt(ui);
    while (!prompt) {
      late('did not open');
      await sleep(50);
      prompt = await readPrompt(ui);
    }
    const shown = prompt.texts;
    // Chromium ignores a click right after the prompt opens and one soon after another click (its
    // double-click interval); clicks spaced further and further apart get past both.
    let spacing = 300;
    while (prompt) {
      const button = prompt.buttons.get(answer);
      if (button === undefined) {
        // Chromium 150 (Debian's bookworm without bookworm-security) gives its views no Text property
        // over UI DevTools; 156 does.
        if (prompt.texts.length === 0)
          throw new Error('The prompt shows no text over UI DevTools: this Chromium is too old (156 works).');
        throw new Error(`The prompt has no ${answer} button: ${prompt.texts.join(' | ')}`);
      }
      // An earlier click may have closed the prompt meanwhile, taking this button with it: the tree,
      // read again below, tells.
      await ui.click(button).catch(() => undefined);
      late('did not close');
      await sleep(spacing);
      spacing = Math.min(spacing * 2, 2_000);
      prompt = await readPrompt(ui);
    }
    return shown;
  } finally {
    ui.close();
  }
}

/**
 * `findPrompt`, read again when a view went away between reading the tree and reading its properties
 * (the prompt opening or closing just then).
 */
async function readPrompt(ui: UiDevTools): Promise<Prompt | undefined> {
  for (let tries = 1; ; tries++) {
    try {
      return await findPrompt(ui);
    } catch (err) {
      if (tries === 5) throw err;
      await sleep(50);
    }
  }
}

/** The open dialog with a button row, if any, read from the current tree of views. */
async function findPrompt(ui: UiDevTools): Promise<Prompt | undefined> {
  const widget = dialogWidget(await ui.document(), undefined);
  if (!widget) return undefined;
  const texts: string[] = [];
  const buttons = new Map<string, number>();
  for (const v of walk(widget)) {
    if (v.nodeName !== 'View') continue;
    const p = await ui.properties(v.nodeId);
    if (!p.Text || p.Visible === 'false') continue;
    texts.push(p.Text);
    if (/Button$/.test(classOf(v) ?? '')) buttons.set(p.Text, v.nodeId);
  }
  return { texts, buttons };
}

/** The innermost widget (the dialog's own, not the browser window's) holding a dialog's button row. */
function dialogWidget(node: ViewNode, widget: ViewNode | undefined): ViewNode | undefined {
  const inner = node.nodeName === 'Widget' ? node : widget;
  if (classOf(node) === 'DialogClientView::ButtonRowContainer') return inner;
  for (const c of node.children ?? []) {
    const found = dialogWidget(c, inner);
    if (found) return found;
  }
  return undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
