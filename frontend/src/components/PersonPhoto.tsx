import { useTranslation } from 'react-i18next';
import Picture from './Picture';

/** "Ayesha Siddiqua" → "AS"; the fallback when a doctor or nurse has no photo (or it fails to load). */
export function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter((w) => /^\p{L}/u.test(w));
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? words[words.length - 1]![0] : '')).toUpperCase();
}

/**
 * A doctor's or nurse's photo (uploaded, or the portrait Nirog drew), alt text "Photo of Dr. X" in the
 * reader's language, initials while there is none.
 */
export default function PersonPhoto({ url, name, title, size, eager, priority, shape = 'round', className }: {
  url?: string | null;
  /** The person's name, without a title (the initials come from it). */
  name: string;
  /** Shown before the name in the alt text ("Dr.", "Prof. Dr."). */
  title?: string;
  size: number;
  eager?: boolean;
  priority?: boolean;
  shape?: 'round' | 'square';
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Picture
      src={url}
      alt={t('picture.photoOf', { name: [title, name].filter(Boolean).join(' ') })}
      width={size}
      height={size}
      eager={eager}
      priority={priority}
      className={['person-photo', shape, className].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      fallback={<span style={{ fontSize: Math.round(size * 0.38) }}>{initialsOf(name)}</span>}
    />
  );
}
