/**
 * A delivery that did not happen. `permanent`: trying again cannot help (a mail server's
 * 5xx answer, a webhook's 4xx), so the request fails at once; otherwise it waits and is
 * tried again (a server that does not answer, a 5xx of a webhook, a timeout).
 */
export class DeliveryError extends Error {
  readonly permanent: boolean;

  constructor(message: string, permanent: boolean, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DeliveryError';
    this.permanent = permanent;
  }
}
