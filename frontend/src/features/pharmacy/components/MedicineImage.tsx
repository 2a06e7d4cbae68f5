import { useTranslation } from 'react-i18next';
import { MedicineIcon } from '@/components/icons';
import Picture from '@/components/Picture';

/**
 * A medicine's pack (uploaded, or the one Nirog drew: brand, strength, form), alt text "Pack of
 * Napa 500 mg" in the reader's language, a neutral icon while there is none. Large in a card or on
 * the detail page (a 4:3 box), small (64 px) in the cart and order lines.
 */
export default function MedicineImage({ url, name, strength, small, eager, priority }: {
  url?: string | null;
  name: string;
  strength?: string;
  small?: boolean;
  eager?: boolean;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const [width, height] = small ? [64, 64] : [400, 300];
  return (
    <Picture
      src={url}
      alt={t('picture.packOf', { name: [name, strength].filter(Boolean).join(' ') })}
      width={width}
      height={height}
      eager={eager}
      priority={priority}
      className={small ? 'med-img small' : 'med-img'}
      fallback={<MedicineIcon size={small ? 20 : 36} />}
    />
  );
}
