/**
 * An expected failure a person can act on: a message key (its full path, e.g.
 * "Errors.notFound" or "Register.errors.codeExpired"), its values, and optionally the form
 * field it belongs to. Services throw it; the action
 * wrapper and the REST handlers translate it.
 */
export class DomainError extends Error {
  constructor(
    public readonly key: string,
    public readonly values: Record<string, string | number> = {},
    public readonly field?: string,
    public readonly status = 400,
  ) {
    super(key);
    this.name = "DomainError";
  }
}

/** Another tenant's record or a missing one: both answer the same (docs/ARCHITECTURE.md rule 2). */
export class NotFoundError extends DomainError {
  constructor() {
    super("Errors.notFound", {}, undefined, 404);
    this.name = "NotFoundError";
  }
}
