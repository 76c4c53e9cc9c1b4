import { z } from "zod";
import { zPhone } from "@/lib/mall/addresses/schemas";
import { zDay, zMoney } from "@/lib/mall/orders/schemas";
import { blankToNull, zId, zText } from "@/lib/core/zod";
import { normalizeVin, vinProblem } from "./vin";

// The vehicle screens' forms (car/vehicleSales, car/carReturn, car/vehicleInformation, staff
// vehicle import): checked in the browser, parsed again by the server actions. Client-safe.
// Custom issue messages are keys of the Validation namespace.

const VIN_MESSAGE = { length: "vinLength", characters: "vinCharacters", checkDigit: "vinCheckDigit" } as const;

/** A VIN as typed (spaces trimmed, lower case accepted), checked by ISO 3779. */
export const zVin = z
  .string()
  .trim()
  .min(1)
  .transform(normalizeVin)
  .superRefine((v, ctx) => {
    const problem = vinProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: VIN_MESSAGE[problem] });
  });

/** A calendar day "YYYY-MM-DD" from 1900 on that exists (birthdays). */
export const zBirthday = z
  .string()
  .trim()
  .min(1)
  .refine(
    (v) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= "1900-01-01";
    },
    { message: "date" },
  );

/** "YYYY-MM-DD HH:mm" (or with a "T"), Beijing time, the business's clock. */
export const MINUTE_RE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/;
export const zMinute = z
  .string()
  .trim()
  .min(1)
  .refine(
    (v) => {
      const m = MINUTE_RE.exec(v);
      if (!m || !zDay.safeParse(m[1]).success) return false;
      return Number(m[2]) < 24 && Number(m[3]) < 60;
    },
    { message: "date" },
  );

/** The instant of a "YYYY-MM-DD HH:mm" Beijing time. */
export function minuteToDate(v: string): Date {
  const m = MINUTE_RE.exec(v.trim());
  if (!m) throw new Error(`not a minute: ${v}`);
  return new Date(`${m[1]}T${m[2]}:${m[3]}:00+08:00`);
}

/** The "YYYY-MM-DD HH:mm" Beijing time of an instant (form defaults, lists). */
export function dateToMinute(d: Date): string {
  return new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
}

export const ID_TYPES = ["PRC_ID", "PASSPORT", "OTHER"] as const;
export const SEXES = ["MALE", "FEMALE"] as const;

export const ZVinQuery = z.object({ vin: zVin });

export const ZSellVehicle = z.object({
  vin: zVin,
  /** Purchase date and time. */
  soldAt: zMinute,
  ownerName: zText(50),
  phone: zPhone,
  age: z.number().int().min(16).max(120).nullish(),
  sex: z.enum(SEXES).nullish(),
  birthday: zBirthday.nullish(),
  idType: z.enum(ID_TYPES),
  /** Checked against the type by the service (resident ID check character, birth date). */
  idNumber: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .transform((v) => v.toUpperCase()),
  /** The retail price the owner paid (optional): what membership points are earned on. */
  amount: z.preprocess(blankToNull, zMoney.nullable()).optional(),
  /** The owner agrees to join the membership (issue 21): without it no member is made. */
  memberConsent: z.boolean().optional(),
});
export type TSellVehicle = z.infer<typeof ZSellVehicle>;

export const ZReturnVehicle = z.object({
  vin: zVin,
  /** Return date and time. */
  returnedAt: zMinute,
  reason: zText(500),
});
export type TReturnVehicle = z.infer<typeof ZReturnVehicle>;

/** Staff add one vehicle to factory stock (the import sheet has the same columns). */
export const ZAddVehicle = z.object({
  vin: zVin,
  /** The vehicle goods (model + configuration) it is sold as. */
  goodsId: zId,
  colour: z.string().trim().max(50).nullish(),
  /** Factory warehouse entry; now when empty. */
  entryAt: zMinute.nullish(),
});
export type TAddVehicle = z.infer<typeof ZAddVehicle>;

/** The import sheet's row: the goods by its code. */
export const ZImportVehicle = z.object({
  vin: zVin,
  goodsCode: zText(40),
  colour: z.string().trim().max(50).nullish(),
  entryAt: zMinute.nullish(),
});
export type TImportVehicle = z.infer<typeof ZImportVehicle>;
