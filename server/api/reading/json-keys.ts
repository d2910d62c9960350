const TOKEN = /\s*(?:("(?:[^"\\]|\\.)*")|([{}[\],:])|(-?\d[\d.eE+-]*|true|false|null))/y;

/**
 * The keys of a JSON object's top level, in order and with repeats (JSON.parse keeps only the last of a
 * repeated key). For text JSON.parse has already accepted, so its tokens are well formed.
 */
export function topLevelKeys(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const [, string, punctuation] = match;
    if (punctuation === '{' || punctuation === '[') {
      depth += 1;
      expectKey = depth === 1 && punctuation === '{';
    } else if (punctuation === '}' || punctuation === ']') {
      depth -= 1;
    } else if (punctuation === ',') {
      expectKey = depth === 1;
    } else if (string !== undefined && expectKey) {
      keys.push(JSON.parse(string) as string);
      expectKey = false;
    }
  }
  return keys;
}
