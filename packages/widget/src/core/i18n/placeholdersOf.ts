import type { Message } from './catalogues/en-US';

/** The `{placeholders}` of a message, every plural form together, sorted. */
export function placeholdersOf(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/\{(\w+)\}/g)) if (match[1]) names.add(match[1]);
  }
  return [...names].sort();
}
