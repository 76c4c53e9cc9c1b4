import type { ReactNode } from "react";
import { AntdRoot } from "@/components/providers/antd-root";
import { IntlScope } from "@/components/providers/intl-scope";

// The messages this screen's client components use (lib/i18n/scopes.ts); a staff screen that
// renders antd on the server (the admin list), so antd's scope and registry too.
export default function CarVehicleModelLayout({ children }: { children: ReactNode }) {
  return (
    <IntlScope route="onlineMall/car/vehicleModel">
      <AntdRoot>{children}</AntdRoot>
    </IntlScope>
  );
}
