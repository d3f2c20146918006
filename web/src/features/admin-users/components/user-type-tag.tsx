import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = { 1: 'red', 2: 'blue', 3: 'purple' };

export function UserTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[type]}>{t(`common.userType.${type}`)}</Tag>;
}
