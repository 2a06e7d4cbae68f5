/**
 * The box a home section keeps while its code and data load: a heading's line and `count` cards of
 * the section's own placeholder classes, so nothing below moves when the section arrives (CLS).
 */
export default function SectionPlaceholder({ className, gridClass, cardClass, count = 4, style }: {
  className?: string; gridClass: string; cardClass: string; count?: number; style?: React.CSSProperties;
}) {
  return (
    <section className={className} style={style} aria-hidden="true">
      <h2 style={{ visibility: 'hidden', minHeight: '1lh' }} />
      <div className={gridClass}>
        {Array.from({ length: count }, (_, i) => <div key={i} className={cardClass} />)}
      </div>
    </section>
  );
}
