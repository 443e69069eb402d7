/** One error type per kind; mapped to HTTP in one place (server/http/error-handler.ts). */
export class AppError extends Error {
  readonly statusCode: number
  readonly fields?: Record<string, string>
  constructor(statusCode: number, message: string, fields?: Record<string, string>) {
    super(message)
    this.statusCode = statusCode
    this.fields = fields
  }
}
export class ValidationError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, message, fields)
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message)
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, message)
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message)
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message)
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests. Please wait a minute and try again.') {
    super(429, message)
  }
}
/** The request is well formed but contradicts an earlier one (an idempotency key reused with another payload). */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message)
  }
}
