import { ImportError } from '../errors';
import { plain } from '../text/five-e';
import type { Line } from './text-5e';

/**
 * A pasted stat block's non-blank lines, its name (the first line, without a Markdown heading's #s) and
 * where it starts (`line N`); a text with no such line is refused.
 */
export function pastedBlock(lines: Line[]): { body: Line[]; name: string; at: string } {
  const body = lines.filter((l) => l.text.trim() !== '');
  const first = body[0];
  if (!first) throw new ImportError('no-creatures', 'the text holds no stat block');
  return { body, name: plain(first.text).replace(/^#+\s*/, ''), at: `line ${first.n}` };
}
