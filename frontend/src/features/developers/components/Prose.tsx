/** A sentence of the guide: text in backticks is code (names, headers, values), the rest is words. */
export default function Prose({ text, as: Tag = 'p' }: { text: string; as?: 'p' | 'span' | 'li' }) {
  const parts = text.split('`');
  return <Tag>{parts.map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</Tag>;
}
