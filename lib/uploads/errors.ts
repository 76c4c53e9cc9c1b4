import { DomainError } from "@/lib/errors";
import type { UploadErrorCode, UploadProblem } from "./limits";

/** A refused upload: the message key (a full path), its values and the HTTP status to answer. */
export class UploadError extends DomainError {
  constructor(
    public readonly code: UploadErrorCode,
    key: string,
    values: Record<string, string | number> = {},
    status = 422,
  ) {
    super(`Uploads.${key}`, values, "file", status);
    this.name = "UploadError";
  }

  static of(problem: UploadProblem): UploadError {
    return new UploadError(problem.code, problem.key, problem.values, problem.status);
  }
}
