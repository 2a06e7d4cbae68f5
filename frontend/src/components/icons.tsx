/** The few icons of the shell as inline SVG (antd's icon package stays out of the first load). */
const base = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const CartIcon = () => (
  <svg {...base}><circle cx="9" cy="20" r="1.5" /><circle cx="18" cy="20" r="1.5" /><path d="M2 3h3l2.6 12.4a1 1 0 0 0 1 .8h9.8a1 1 0 0 0 1-.8L21 7H6" /></svg>
);
export const MenuIcon = () => (
  <svg {...base}><path d="M3 6h18M3 12h18M3 18h18" /></svg>
);
export const UserIcon = () => (
  <svg {...base}><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></svg>
);
export const MedicineIcon = ({ size = 18 }: { size?: number }) => (
  <svg {...base} width={size} height={size}><rect x="3" y="7" width="18" height="14" rx="2" /><path d="M8 7V4h8v3M12 11v6M9 14h6" /></svg>
);
