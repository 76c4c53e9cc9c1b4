import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

// One client per process, created on first use: nothing may touch the database at import or
// build time (next build renders pages in workers; docs/ARCHITECTURE.md "Pitfalls").
const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };

export function db(): PrismaClient {
  if (!holder.__dealerPrisma) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set");
    const max = Number(process.env.DATABASE_POOL_SIZE ?? 10);
    // Under a burst (many dealers submitting at once) transactions queue for a pooled
    // connection; waiting up to 10 s beats failing after Prisma's default 2 s.
    holder.__dealerPrisma = new PrismaClient({ adapter: new PrismaPg({ connectionString, max }), transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
  }
  return holder.__dealerPrisma;
}

export type Db = PrismaClient;
export type { Prisma } from "@/lib/generated/prisma/client";
