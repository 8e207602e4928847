/**
 * The whole flow, once per format of the specs: a reply on a routed chatgpt.com page gets an Apply
 * button, a click proposes it, the side panel plans it against the real folder through the real host,
 * and Apply writes exactly the expected files.
 */

import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import {
  applyAll,
  clickApply,
  makeProject,
  openSidePanel,
  readTree,
  rememberFolder,
  type Tree,
} from './review';

interface Flow {
  name: string;
  before: Tree;
  reply: string;
  files: number;
  after: Tree;
}

const FLOWS: Flow[] = [
  {
    name: 'delimiter blocks (create, patch, delete, replace)',
    before: {
      'src/user.php': 'class User\n{\n    private $name;\n}\n',
      'old.twig': 'old\n',
      'config.yaml': 'a: 1\n',
    },
    reply: [
      'Here are the changes.',
      '',
      '--- START-FILE: src/Mailer.php ---',
      '<?php',
      'class Mailer {}',
      '--- END-FILE: src/Mailer.php ---',
      '',
      '--- START-PATCH: src/user.php ---',
      '--- a/src/user.php',
      '+++ b/src/user.php',
      '@@ -1,4 +1,5 @@',
      ' class User',
      ' {',
      '     private $name;',
      '+    private $email;',
      ' }',
      '--- END-PATCH: src/user.php ---',
      '',
      '--- DELETE-FILE: old.twig ---',
      '',
      '--- START-REPLACE-FILE: config.yaml ---',
      'services: {}',
      '--- END-REPLACE-FILE: config.yaml ---',
    ].join('\n'),
    files: 4,
    after: {
      'src/Mailer.php': '<?php\nclass Mailer {}\n',
      'src/user.php': 'class User\n{\n    private $name;\n    private $email;\n}\n',
      'config.yaml': 'services: {}\n',
    },
  },
  {
    name: '<FILE_CHANGES> (rename, delete, new, bare @@ patch)',
    before: {
      'src/legacy_mod.rs': 'pub fn init() {}\n',
      'temp_config.json': '{}\n',
      'src/main.rs': 'fn main() {\n    println!("Starting...");\n    core_mod::init();\n}\n',
    },
    reply: [
      '<FILE_CHANGES>',
      '<FILE_RENAME from_path="src/legacy_mod.rs" to_path="src/core_mod.rs" />',
      "<FILE_DELETE file_path='temp_config.json' />",
      '<FILE_NEW file_path="src/helpers.rs">',
      '```rust',
      "pub fn get_version() -> &'static str {",
      '    "0.1.0"',
      '}',
      '```',
      '</FILE_NEW>',
      '<FILE_PATCH file_path="src/main.rs">',
      '@@',
      ' fn main() {',
      '-    println!("Starting...");',
      '+    println!("App v{}", helpers::get_version());',
      '     core_mod::init();',
      ' }',
      '</FILE_PATCH>',
      '</FILE_CHANGES>',
    ].join('\n'),
    files: 4,
    after: {
      'src/core_mod.rs': 'pub fn init() {}\n',
      'src/helpers.rs': 'pub fn get_version() -> &\'static str {\n    "0.1.0"\n}\n',
      'src/main.rs':
        'fn main() {\n    println!("App v{}", helpers::get_version());\n    core_mod::init();\n}\n',
    },
  },
  {
    name: 'Aptix (file bundle, structured patch, git patch)',
    before: {
      'src/Foo.cs': 'public class Foo\n{\n    public int Count;\n}\n',
      'src/Log.cs': 'Trace("[OldTag]"); Trace("[OldTag]");\n',
      'gone.txt': 'x\n',
    },
    reply: [
      '### Aptix File Bundle',
      '```json',
      '{ "root": ".", "files": [',
      '  { "path": "src/New.cs", "content": "class New {}\\n" },',
      '  { "path": "gone.txt", "operation": "delete" } ] }',
      '```',
      '',
      '```json',
      '{ "root": ".", "patches": [ { "path": "src/Log.cs", "replacements": [',
      '  { "find": "[OldTag]", "replace": "[NewTag]", "limit": "all" } ] } ] }',
      '```',
      '',
      '### Git Patch',
      '```patch',
      'diff --git a/src/Foo.cs b/src/Foo.cs',
      'index 1234567..89abcde 100644',
      '--- a/src/Foo.cs',
      '+++ b/src/Foo.cs',
      '@@ -1,4 +1,4 @@ public class Foo',
      ' public class Foo',
      ' {',
      '-    public int Count;',
      '+    public int TotalCount;',
      ' }',
      '```',
    ].join('\n'),
    files: 4,
    after: {
      'src/New.cs': 'class New {}\n',
      'src/Log.cs': 'Trace("[NewTag]"); Trace("[NewTag]");\n',
      'src/Foo.cs': 'public class Foo\n{\n    public int TotalCount;\n}\n',
    },
  },
  {
    name: 'structured JSON (replace, delete, insert, ranges; the command is not run)',
    before: {
      'src/index.js': 'old\n',
      'config/old.json': '{}\n',
      'src/utils.js': 'a\nb\nc\nd\n',
      'src/ranges.js': '1\n2\n3\n4\n5\n',
    },
    reply: JSON.stringify(
      {
        message: 'Refactor the entry point.',
        replace_files: [{ path: './src/index.js', content: 'new\n' }],
        delete_files: [{ path: './config/old.json' }],
        edit_files: [{ path: './src/utils.js', content: 'top', insert_at: 1 }],
        edit_ranges: [
          {
            path: './src/ranges.js',
            edits: [
              { start: 2, end: 3, content: 'two\nthree' },
              { start: 5, end: 4, content: 'four and a half' },
            ],
          },
        ],
        shell_scripts: ['touch SHOULD_NOT_EXIST'],
      },
      null,
      2,
    ),
    files: 4,
    after: {
      'src/index.js': 'new\n',
      'src/utils.js': 'top\na\nb\nc\nd\n',
      'src/ranges.js': '1\ntwo\nthree\n4\nfour and a half\n5\n',
    },
  },
  {
    name: 'Markdown actions in <pre> (modify with two changes, create, delete)',
    before: {
      'Models/User.swift': 'struct User {\n    let id: UUID\n    var name: String\n}\n',
      'Obsolete/File.swift': 'x\n',
    },
    reply: [
      '<pre>',
      '# Plan',
      'Add an email property and a button.',
      '## Files',
      '### File Models/User.swift',
      '### Action modify',
      '#### Change',
      '**Search**:',
      '```swift',
      '    var name: String',
      '```',
      '**Content**:',
      '```swift',
      '    var name: String',
      '    var email: String',
      '```',
      '#### Change',
      '*Search*:',
      '````swift',
      'struct User {',
      '````',
      '*Content*:',
      '````swift',
      'struct User: Codable {',
      '````',
      '### File Views/RoundedButton.swift',
      '### Action create',
      '#### Change',
      '_Content_:',
      '```swift',
      'class RoundedButton {}',
      '```',
      '### File Obsolete/File.swift',
      '### Action delete',
      '</pre>',
    ].join('\n'),
    files: 3,
    after: {
      'Models/User.swift':
        'struct User: Codable {\n    let id: UUID\n    var name: String\n    var email: String\n}\n',
      'Views/RoundedButton.swift': 'class RoundedButton {}\n',
    },
  },
];

FLOWS.forEach((flow, i) => {
  test(`full flow: ${flow.name}`, async ({ context, serviceWorker }) => {
    const { root } = makeProject(flow.before);
    const conversationId = `e2e-flow-${i}`;
    const replyId = `reply-${i}`;
    const url = await serveChatGpt(context, conversationId, [{ id: replyId, markdown: flow.reply }]);
    await rememberFolder(serviceWorker, 'chatgpt', conversationId, root);
    const page = await context.newPage();
    await page.goto(url);
    await clickApply(page, replyId, flow.files);
    const panel = await openSidePanel(context);
    await expect(panel.locator('[data-replyapply-file]')).toHaveCount(flow.files);
    await expect(panel.locator('[data-replyapply="text-source"]')).toHaveText("ChatGPT's API");
    await applyAll(panel);
    expect(readTree(root)).toEqual(flow.after);
  });
});
