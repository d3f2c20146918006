import {
  BarChartOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icon names used by the shared menu, drawn with Ant Design icons. */
export const MENU_ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  user: <UserOutlined />,
  send: <SendOutlined />,
  message: <MessageOutlined />,
  wallet: <WalletOutlined />,
  customerService: <CustomerServiceOutlined />,
  setting: <SettingOutlined />,
  barChart: <BarChartOutlined />,
  team: <TeamOutlined />,
  mobile: <MobileOutlined />,
  fileSearch: <FileSearchOutlined />,
  notification: <NotificationOutlined />,
  tool: <ToolOutlined />,
  solution: <SolutionOutlined />,
};
