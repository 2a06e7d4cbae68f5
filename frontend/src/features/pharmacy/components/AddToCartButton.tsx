import { useTranslation } from 'react-i18next';
import type { MedicineCardFragment } from '@/gql/graphql';
import { flash } from '@/lib/flash';
import { CartIcon } from '@/components/icons';
import { addItem, updateCart } from '../cart/cart';
import '../i18n';

/** Plain elements (the catalogue shows 24 of these at once); the notice goes through the site's flash host. */
export default function AddToCartButton({ medicine, block }: { medicine: MedicineCardFragment; block?: boolean }) {
  const { t } = useTranslation('pharmacy');
  const add = () => {
    updateCart((c) => addItem(c, {
      id: medicine.id, name: medicine.name, strength: medicine.strength, unit: medicine.unit, imageUrl: medicine.imageUrl, pricePoisha: medicine.pricePoisha, stock: medicine.stock,
      prescriptionRequired: medicine.prescriptionRequired,
    }, medicine.stock));
    flash(t('added'), 'success', 2000);
  };
  return (
    <button type="button" className={`btn btn-primary add-to-cart${block ? ' btn-block' : ''}`} disabled={!medicine.inStock} onClick={add}>
      <CartIcon />
      {medicine.inStock ? t('addToCart') : t('outOfStock')}
    </button>
  );
}
