import dayjs, { type Dayjs } from "dayjs";
import { dateToMinute } from "@/lib/vehicles/schemas";

// Publish times are picked and sent as Beijing wall-clock minutes ("YYYY-MM-DD HH:mm"), the
// business's clock, whatever zone the browser is in; the server reads them as +08:00.

export const MINUTE = "YYYY-MM-DD HH:mm";
const DAY = "YYYY-MM-DD";

/** Now in Beijing as a picker value (its wall clock). */
export const beijingNow = (): Dayjs => dayjs(dateToMinute(new Date()));

/** The default of a schedule: the next full hour in Beijing. */
export const nextHour = (): Dayjs => beijingNow().add(1, "hour").startOf("hour");

export const toMinute = (d: Dayjs | null | undefined): string | null => (d ? d.format(MINUTE) : null);
export const fromMinute = (m: string | null | undefined): Dayjs | null => (m ? dayjs(m) : null);

/** Days before today (Beijing) cannot be picked. */
export const beforeToday = (d: Dayjs): boolean => d.format(DAY) < beijingNow().format(DAY);
