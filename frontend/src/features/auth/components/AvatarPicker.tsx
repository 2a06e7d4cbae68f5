import { useEffect, useState } from 'react';
import { Avatar, Button, Space, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_TYPES, isKeptImage, useUploadLimits } from '@/components/ImagePicker';

/** JPEG, PNG or WebP no larger than the server takes, with a preview and a placeholder. The server checks the content again. */
export default function AvatarPicker({ value, onChange, error }: { value?: File | null; onChange: (f: File | null) => void; error?: string }) {
  const { t } = useTranslation('auth');
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const { maxBytes } = useUploadLimits();
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  return (
    <Space align="center" size={16}>
      <Avatar size={72} src={preview ?? undefined} icon={<UserOutlined />} alt="" />
      <div>
        <Button onClick={() => document.getElementById('avatar-input')?.click()}>{t('chooseImage')}</Button>
        <input
          id="avatar-input"
          data-testid="avatar-input"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          style={{ display: 'none' }}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            if (file && !isKeptImage(file)) {
              setLocalError(t('imagesOnly'));
              onChange(null);
            } else if (file && file.size > maxBytes) {
              setLocalError(t('tooLarge'));
              onChange(null);
            } else {
              setLocalError(null);
              onChange(file);
            }
          }}
        />
        {(localError ?? error) && <Typography.Text type="danger" style={{ display: 'block' }}>{localError ?? error}</Typography.Text>}
      </div>
    </Space>
  );
}
