import {
  GlobalOutlined,
  MailOutlined,
  PhoneOutlined,
  QqOutlined,
  SendOutlined,
  WechatOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import type { ContactType } from '@jiema/shared';
import type { ReactNode } from 'react';

const ICONS: Record<ContactType, ReactNode> = {
  telegram: <SendOutlined />,
  whatsapp: <WhatsAppOutlined />,
  email: <MailOutlined />,
  wechat: <WechatOutlined />,
  qq: <QqOutlined />,
  phone: <PhoneOutlined />,
  link: <GlobalOutlined />,
};

export const ContactIcon = ({ type }: { type: ContactType }) => <>{ICONS[type]}</>;
