// Stands in for the `server-only` package under vitest: the real one throws outside Next's
// react-server export condition.
export {};
