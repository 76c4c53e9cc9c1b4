import type { Prisma } from "@/lib/generated/prisma/client";

/** A transaction's client: what a service step that must commit with others takes. */
export type Tx = Prisma.TransactionClient;
