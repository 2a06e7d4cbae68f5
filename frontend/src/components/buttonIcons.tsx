/**
 * Icons of the light screens' buttons (the doctor's page, the cart) as inline SVG. Apart from
 * icons.tsx, which is in the shell's chunk: these travel with the screens that use them.
 */
const base = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const VideoIcon = () => (
  <svg {...base}><rect x="2" y="6" width="14" height="12" rx="2" /><path d="m16 10 6-3v10l-6-3" /></svg>
);
export const MinusIcon = () => (
  <svg {...base} width={14} height={14}><path d="M5 12h14" /></svg>
);
export const PlusIcon = () => (
  <svg {...base} width={14} height={14}><path d="M12 5v14M5 12h14" /></svg>
);
export const TrashIcon = () => (
  <svg {...base} width={14} height={14}><path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v6M14 11v6" /></svg>
);
