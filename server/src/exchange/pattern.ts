// File-name patterns of servers and counterpart formats: shell-like globs ('*.cbi', 'CAMT053_*.xml'), matched on
// the file's name only, case-insensitively (banks change case between releases), by picomatch.
import picomatch from 'picomatch';

const cache = new Map<string, (name: string) => boolean>();

export function patternMatches(pattern: string, name: string): boolean {
  let test = cache.get(pattern);
  if (!test) {
    test = picomatch(pattern, { nocase: true, dot: true, basename: true });
    cache.set(pattern, test);
  }
  return test(name);
}
