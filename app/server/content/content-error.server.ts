/** A refusal the staff member can act on: the message is shown as is, `status` is the HTTP answer. */
export class ContentError extends Error {
  override name = "ContentError";
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
    readonly field?: string,
  ) {
    super(message);
  }
}
