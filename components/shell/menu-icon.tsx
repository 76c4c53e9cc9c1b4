import {
  AppstoreOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  HistoryOutlined,
  HomeOutlined,
  NotificationOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";

// Icon names stored on Menu rows. Only these are bundled, so the shell does not ship every icon.
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  history: <HistoryOutlined />,
  shop: <ShopOutlined />,
  car: <CarOutlined />,
  tool: <ToolOutlined />,
  environment: <EnvironmentOutlined />,
  "customer-service": <CustomerServiceOutlined />,
  database: <DatabaseOutlined />,
  team: <TeamOutlined />,
  notification: <NotificationOutlined />,
  download: <DownloadOutlined />,
  setting: <SettingOutlined />,
};

export const MENU_ICON_NAMES = Object.keys(ICONS);

export function menuIcon(name: string | null | undefined): ReactNode {
  return (name && ICONS[name]) || <AppstoreOutlined />;
}
