"use client";

import { DatePicker } from "antd";
import type { ComponentProps } from "react";

// The admin list's date-range filter, in a chunk of its own (admin-list.tsx): the picker and
// dayjs's plugins load only on screens that have a date filter.
export function DateRangeFilter(props: ComponentProps<typeof DatePicker.RangePicker>) {
  return <DatePicker.RangePicker allowEmpty={[true, true]} {...props} />;
}
