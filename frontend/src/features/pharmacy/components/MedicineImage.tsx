import { MedicineIcon } from '@/app/components/icons';

/** The medicine's photo, or a neutral placeholder when it has none. */
export default function MedicineImage({ url, name, small }: { url?: string | null; name: string; small?: boolean }) {
  const cls = small ? 'med-img small' : 'med-img';
  return url ? <img className={cls} src={url} alt={name} loading="lazy" /> : <div className={cls} role="img" aria-label={name}><MedicineIcon size={small ? 20 : 36} /></div>;
}
