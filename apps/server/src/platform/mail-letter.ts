/**
 * The frame of the portal's plain-text mails: greeting, paragraphs and the closing with the sender,
 * a blank line between each. A paragraph of several lines (a list of facts) is given as an array.
 */
export function letter(greeting: string, paragraphs: readonly (string | readonly string[])[], sender: string): string {
  const blocks = paragraphs.map((p) => (typeof p === 'string' ? p : p.join('\n')));
  return [greeting, ...blocks, `Mit freundlichen Grüßen\n${sender}`].join('\n\n');
}
