import { useTranslation } from 'react-i18next';

/** A read-only star rating (0–5, halves shown as a half-filled star) without antd, for light screens. */
export default function Stars({ value, size = 14 }: { value: number; size?: number }) {
  const { t } = useTranslation('common');
  const rounded = Math.round(value * 2) / 2;
  return (
    <span className="stars" role="img" aria-label={t('stars', { value: rounded })} style={{ fontSize: size }}>
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} className={rounded >= i ? 'star full' : rounded >= i - 0.5 ? 'star half' : 'star'} aria-hidden="true">★</span>
      ))}
    </span>
  );
}
