/**
 * `replyapply detect [--json] [FILE|-|--message FILE]`: what a reply proposes, without looking at any
 * project (`--message`: an exported message as JSON, args.ts readInput). Exit 3 when it holds no
 * operation, so scripts can tell "nothing to apply" from a failure.
 */
import { detectAll } from '../../shared/formats/registry';
import { parseArgs, readInput } from './args';
import { type CliCommand, Exit } from './io';
import { jsonText, renderChangeSets, styleFor, terminalSafe } from './render';

export const DETECT_USAGE = 'detect [--json] [FILE|-|--message FILE]';

export const detect: CliCommand = async (args, rawIO) => {
  // Reply text is printed: make every control character visible (render.ts, visible).
  const io = terminalSafe(rawIO);
  const parsed = parseArgs(args, { booleans: ['json'], strings: ['message'], maxPositionals: 1 });
  const input = await readInput(parsed, io);
  if (!input.ok) {
    io.stderr.write(`replyapply detect: ${input.message}\n`);
    return Exit.Usage;
  }
  const sets = detectAll(input.text, { textSource: 'file' });
  const opCount = sets.reduce((n, s) => n + s.ops.length, 0);
  if (parsed.flags.has('json')) {
    rawIO.stdout.write(jsonText(sets));
  } else if (sets.length === 0) {
    io.stdout.write('No file operations found in the reply.\n');
  } else {
    io.stdout.write(renderChangeSets(sets, styleFor(io)));
    if (opCount === 0) io.stdout.write('No file operations found in the reply.\n');
  }
  return opCount === 0 ? Exit.NothingFound : Exit.Ok;
};
