import { App, Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MedicineCardFragment } from '@/gql/graphql';
import { addItem, updateCart } from '../cart/cart';
import '../i18n';

export default function AddToCartButton({ medicine, block }: { medicine: MedicineCardFragment; block?: boolean }) {
  const { t } = useTranslation('pharmacy');
  const { message } = App.useApp();
  const add = () => {
    updateCart((c) => addItem(c, {
      id: medicine.id, name: medicine.name, unit: medicine.unit, imageUrl: medicine.imageUrl, pricePoisha: medicine.pricePoisha, stock: medicine.stock,
    }));
    void message.success({ content: t('added'), duration: 2 });
  };
  return (
    <Button type="primary" icon={<ShoppingCartOutlined />} block={block} disabled={!medicine.inStock} onClick={add}>
      {medicine.inStock ? t('addToCart') : t('outOfStock')}
    </Button>
  );
}
