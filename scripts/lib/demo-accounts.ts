// The demo accounts the seed creates (prisma/seed.ts; the README publishes their passwords),
// as the benchmarks sign in with them.
export type Account = { account: string; password: string; companyCode?: string };

/** Wang Fang of Green Motors Shanghai (D001): the dealer the demo data belongs to. */
export const DEALER: Account = { account: "dealer.sh", password: "Dealer@123456" };
export const ADMIN: Account = { account: "admin", password: "Admin@123456" };
