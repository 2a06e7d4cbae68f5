import type { ReactNode } from 'react';
import { Avatar, Descriptions, Skeleton, Alert } from 'antd';
import { UserOutlined } from '@ant-design/icons';

interface Row {
  label: string;
  value?: ReactNode;
}

/** Avatar, name and the rows that have a value (the spec shows each field only when present). */
export default function ProfileCard({ title, avatarUrl, name, rows, loading, error, actions }: {
  title: string; avatarUrl?: string | null; name?: string; rows: Row[]; loading: boolean; error?: string; actions?: ReactNode;
}) {
  return (
    <div className="card">
      <h1 className="page-title">{title}</h1>
      {error ? <Alert type="error" showIcon message={error} /> : loading ? <Skeleton avatar active paragraph={{ rows: 4 }} /> : (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
            <Avatar size={88} src={avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
            <h2 style={{ margin: 0 }}>{name}</h2>
          </div>
          <Descriptions column={1} bordered size="middle" items={rows.filter((r) => r.value !== undefined && r.value !== null && r.value !== '').map((r, i) => ({ key: i, label: r.label, children: r.value }))} />
          {actions && <div style={{ marginTop: 16, display: 'flex', gap: 8, flexWrap: 'wrap' }}>{actions}</div>}
        </>
      )}
    </div>
  );
}
